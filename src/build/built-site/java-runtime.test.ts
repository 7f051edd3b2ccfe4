import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchedJava, installedJava, type JavaDownload } from './java-runtime.ts';
import { htmlErrors } from './html-validity.ts';

// A runtime as Adoptium packs one (one top folder holding bin/java), whose java is this machine's, served by a
// server of the test's own on 127.0.0.1: the fetch, the checksum and the unpacking are real, the download is local.
const folder = mkdtempSync(join(tmpdir(), 'java-runtime-'));
let server: Server;
let archive: Buffer;
let origin: string;
const requests: string[] = [];

beforeAll(async () => {
  const machineJava = await installedJava();
  const runtime = join(folder, 'pack', 'jdk-21-jre', 'bin');
  mkdirSync(runtime, { recursive: true });
  writeFileSync(join(runtime, 'java'), `#!/bin/sh\nexec ${machineJava} "$@"\n`);
  chmodSync(join(runtime, 'java'), 0o755);
  execFileSync('tar', ['-czf', join(folder, 'jre.tar.gz'), '-C', join(folder, 'pack'), 'jdk-21-jre']);
  archive = readFileSync(join(folder, 'jre.tar.gz'));
  server = createServer((request, response) => {
    requests.push(request.url!);
    if (request.url === '/jre.tar.gz') response.end(archive);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(folder, { recursive: true, force: true });
});

const download = (changes: Partial<JavaDownload> = {}): JavaDownload => ({
  name: 'A test runtime',
  url: `${origin}/jre.tar.gz`,
  sha256: createHash('sha256').update(archive).digest('hex'),
  ...changes,
});

describe('Java for the HTML checker where a host has none', () => {
  it('is fetched once, checked against its SHA-256, and the checker runs on it', async () => {
    const cache = join(folder, 'cache-good');
    const said: string[] = [];
    const java = await fetchedJava(download(), cache, (line) => said.push(line));
    expect(said.join('\n')).toMatch(/fetching A test runtime for the HTML checker, once/);
    const site = join(folder, 'site');
    mkdirSync(site);
    writeFileSync(join(site, 'index.html'), '<!doctype html><html lang="en"><title>x</title><p>ok</p></html>');
    writeFileSync(
      join(site, 'bad.html'),
      '<!doctype html><html lang="en"><title>x</title><p id="a">1</p><p id="a">2</p></html>',
    );
    const { errors } = await htmlErrors(site, java);
    expect(errors.some((error) => error.startsWith('bad.html:'))).toBe(true);
    expect(errors.some((error) => error.startsWith('index.html:'))).toBe(false);
    // Kept: the next build fetches nothing.
    const fetched = requests.length;
    expect(await fetchedJava(download(), cache, () => {})).toBe(java);
    expect(requests.length).toBe(fetched);
  });

  it('is refused in words, and nothing kept, when the archive is not the one pinned', async () => {
    const cache = join(folder, 'cache-wrong');
    await expect(fetchedJava(download({ sha256: '0'.repeat(64) }), cache, () => {})).rejects.toThrow(
      /is not the one expected \(its SHA-256 is [0-9a-f]{64}, not 0{64}\), so it was not run/,
    );
    expect(existsSync(cache) ? readdirSync(cache) : []).toEqual([]);
  });

  it('says what to do when it cannot be fetched', async () => {
    await expect(
      fetchedJava(download({ url: `${origin}/gone.tar.gz` }), join(folder, 'cache-gone'), () => {}),
    ).rejects.toThrow(
      /could not be fetched from .*gone\.tar\.gz \(the answer was 404 Not Found\)\. Install a Java runtime/,
    );
  });
});
