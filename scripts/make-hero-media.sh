#!/usr/bin/env bash
# Makes the home page's background video (WebM and MP4) and its poster from nothing but ffmpeg: amber weft threads
# waving over a faint violet warp on the brand's plum, a loom in motion. Every motion term has a period of 8 s, so
# the 8 s clip loops without a seam. Needs Debian's ffmpeg (apt-get install ffmpeg). Run from the repository root.
set -euo pipefail
out=public/media
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 0: weft (horizontal threads, waving), 1: warp (faint vertical threads), 2: a slow sheen moving across.
threads="st(0,pow(max(0,sin(2*PI*(Y/H*6+0.16*sin(2*PI*(X/W*1.2+T/8))))),16));st(1,0.22*pow(max(0,sin(2*PI*(X/W*11+0.06*sin(2*PI*(Y/H*0.8-T/8))))),20));st(2,0.5+0.5*sin(2*PI*(X/W*0.7+Y/H*0.4-T/8)))"
weave="geq=r='${threads};27+ld(0)*(170*ld(2)+45)+ld(1)*105':g='${threads};16+ld(0)*(100*ld(2)+30)+ld(1)*56':b='${threads};53+ld(0)*(15*ld(2)+30)+ld(1)*129'"

ffmpeg -v error -y -f lavfi -i "color=c=black:s=960x540:r=24:d=8" -vf "format=rgb24,${weave},gblur=sigma=1.4" -c:v ffv1 "$work/weave.mkv"
ffmpeg -v error -y -i "$work/weave.mkv" -an -pix_fmt yuv420p -c:v libvpx-vp9 -b:v 0 -crf 40 -row-mt 1 -deadline good -cpu-used 3 "$out/hero.webm"
ffmpeg -v error -y -i "$work/weave.mkv" -an -pix_fmt yuv420p -c:v libx264 -preset slow -crf 27 -movflags +faststart "$out/hero.mp4"
ffmpeg -v error -y -i "$work/weave.mkv" -frames:v 1 -q:v 5 "$out/hero-poster.jpg"
ls -l "$out"
