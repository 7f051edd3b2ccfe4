/**
 * The Java the HTML checker runs on. GitHub's runners and most machines have one (JAVA_HOME, or java on the PATH);
 * a host's build image may not (Cloudflare Pages' lists none), so the content gate then fetches Eclipse Temurin's Java
 * runtime once, checks it against the SHA-256 pinned here, and keeps it in node_modules/.cache/, which the hosts keep
 * between builds. Nothing unchecked is ever run.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../../checker/project-folders.ts';

/** A Java runtime to fetch: its archive (a .tar.gz with one top folder) and that archive's SHA-256. */
export interface JavaDownload {
  readonly name: string;
  readonly url: string;
  readonly sha256: string;
}

/** Eclipse Temurin 21.0.11+10, the Java runtime (JRE) for Linux, as Adoptium publishes it, by processor. */
export const TEMURIN: Readonly<Partial<Record<NodeJS.Architecture, JavaDownload>>> = {
  x64: {
    name: 'Eclipse Temurin 21.0.11 (Java runtime, Linux x64)',
    url: 'https://github.com/adoptium/temurin21-binaries/releases/download/jdk-21.0.11%2B10/OpenJDK21U-jre_x64_linux_hotspot_21.0.11_10.tar.gz',
    sha256: 'e5038aae3ca9ff670bc696496b0728dbd23d280026bad30291cb919221ecfdcb',
  },
  arm64: {
    name: 'Eclipse Temurin 21.0.11 (Java runtime, Linux ARM64)',
    url: 'https://github.com/adoptium/temurin21-binaries/releases/download/jdk-21.0.11%2B10/OpenJDK21U-jre_aarch64_linux_hotspot_21.0.11_10.tar.gz',
    sha256: 'fa23d9d9945053e67bcc7638410eabf1e17a7672c7c95a24f70cd08b8407d36e',
  },
};

/** Where a fetched runtime is kept, one folder per archive. */
export const JAVA_CACHE = join(PROJECT_ROOT, 'node_modules/.cache/site-check');

const runs = async (java: string) => {
  try {
    await promisify(execFile)(java, ['-version']);
    return true;
  } catch {
    return false;
  }
};

/** The Java already on this machine: $JAVA_HOME's, or the one on the PATH; undefined when there is none. */
export async function installedJava(): Promise<string | undefined> {
  const home = process.env.JAVA_HOME;
  if (home && existsSync(join(home, 'bin', 'java')) && (await runs(join(home, 'bin', 'java'))))
    return join(home, 'bin', 'java');
  return (await runs('java')) ? 'java' : undefined;
}

const folderOf = (download: JavaDownload, cache: string) => join(cache, `java-${download.sha256.slice(0, 16)}`);

/**
 * The runtime of `download`, fetched into `cache` and checked against its SHA-256 the first time, then taken from
 * there. Throws in words when it cannot be fetched or is not the archive pinned; nothing half-fetched is kept.
 */
export async function fetchedJava(
  download: JavaDownload,
  cache = JAVA_CACHE,
  say: (line: string) => void = console.log,
): Promise<string> {
  const folder = folderOf(download, cache);
  const java = join(folder, 'bin', 'java');
  if (existsSync(java)) return java;
  say(`No Java on this machine: fetching ${download.name} for the HTML checker, once (kept in ${folder}).`);
  let archive: Buffer;
  try {
    const answer = await fetch(download.url, { signal: AbortSignal.timeout(180_000) });
    if (!answer.ok) throw new Error(`the answer was ${answer.status} ${answer.statusText}`);
    archive = Buffer.from(await answer.arrayBuffer());
  } catch (error) {
    throw new Error(
      `The HTML checker needs Java, and ${download.name} could not be fetched from ${download.url} (${(error as Error).message}). Install a Java runtime on this machine, or set JAVA_HOME to one.`,
      { cause: error },
    );
  }
  const sha256 = createHash('sha256').update(archive).digest('hex');
  if (sha256 !== download.sha256)
    throw new Error(
      `The Java runtime fetched from ${download.url} is not the one expected (its SHA-256 is ${sha256}, not ${download.sha256}), so it was not run.`,
    );
  mkdirSync(cache, { recursive: true });
  const unpacking = mkdtempSync(join(cache, 'unpacking-'));
  try {
    writeFileSync(join(unpacking, 'java.tar.gz'), archive);
    mkdirSync(join(unpacking, 'java'));
    await promisify(execFile)('tar', [
      '-xzf',
      join(unpacking, 'java.tar.gz'),
      '-C',
      join(unpacking, 'java'),
      '--strip-components=1',
      '--no-same-owner',
    ]);
    if (!existsSync(join(unpacking, 'java', 'bin', 'java')))
      throw new Error(`The archive of ${download.name} holds no bin/java.`);
    // Whole or not at all: the folder appears only once it is complete.
    renameSync(join(unpacking, 'java'), folder);
  } finally {
    rmSync(unpacking, { recursive: true, force: true });
  }
  return java;
}

/** The Java to run the checker on: this machine's, or else Temurin's, fetched once. */
export async function javaForTheChecker(say?: (line: string) => void): Promise<string> {
  const installed = await installedJava();
  if (installed) return installed;
  const download = process.platform === 'linux' ? TEMURIN[process.arch] : undefined;
  if (!download)
    throw new Error(
      'The HTML checker needs Java, and none was found (JAVA_HOME, or java on the PATH). Install a Java runtime, or set JAVA_HOME to one.',
    );
  return fetchedJava(download, JAVA_CACHE, say);
}
