#!/usr/bin/env bash
# Makes the home page's background video (WebM and MP4) and its poster image from nothing but ffmpeg:
# slow gradients in the brand colours, played forward then backward so the loop has no seam.
# Needs Debian's ffmpeg (apt-get install ffmpeg). Run from the repository root.
set -euo pipefail
out=public/media
mkdir -p "$out"
src="gradients=s=960x540:c0=0x1b1035:c1=0x6b1d4a:c2=0xc2570c:c3=0x3b0f70:n=4:speed=0.012:duration=4:rate=24"
filter="format=rgb24,gblur=sigma=10,format=yuv420p,split[a][b];[b]reverse[r];[a][r]concat=n=2:v=1:a=0"
ffmpeg -v error -y -f lavfi -i "$src" -filter_complex "$filter" -an -c:v libvpx-vp9 -b:v 0 -crf 38 -row-mt 1 -deadline good -cpu-used 4 "$out/hero.webm"
ffmpeg -v error -y -f lavfi -i "$src" -filter_complex "$filter" -an -c:v libx264 -preset slow -crf 26 -movflags +faststart "$out/hero.mp4"
ffmpeg -v error -y -i "$out/hero.mp4" -frames:v 1 -q:v 4 "$out/hero-poster.jpg"
ls -l "$out"
