/**
 * Reading the site's texts from GitHub in few requests: many files' texts by their ids, a hundred to a GraphQL
 * request and four requests at a time, and a folder's texts, levels down, in one request that names the folder alone
 * (a phone sends little). A text GitHub does not give whole is read as bytes. github-api.ts asks through these.
 */
import { isObjectId } from '../model/repository.ts';
import type { GitHubHttp } from './github-http.ts';

/** How many files' texts one GraphQL request asks for: well within what GitHub allows one query. */
const TEXTS_AT_ONCE = 100;
/**
 * How many of those requests are under way at once: a site of a thousand files opens in a few round trips rather
 * than ten one after another, well under the concurrent requests GitHub's guidance allows.
 */
const TEXT_REQUESTS_AT_ONCE = 4;

/**
 * The texts of many files at once, by the ids files() gave: one GraphQL request per hundred files, where asking
 * the REST API would take one request each (a site of 10,000 creators would spend GitHub's hourly allowance on
 * opening). A file GitHub does not give as text (binary, or cut short for its size) is read on its own.
 */
export async function readTextsOf(
  http: GitHubHttp,
  blobs: readonly string[],
  readFile: (blob: string) => Promise<Uint8Array>,
): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const batches: string[][] = [];
  for (let at = 0; at < blobs.length; at += TEXTS_AT_ONCE) batches.push(blobs.slice(at, at + TEXTS_AT_ONCE));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) await readBatch(http, batches[next++]!, texts, readFile);
  };
  await Promise.all(Array.from({ length: Math.min(TEXT_REQUESTS_AT_ONCE, batches.length) }, worker));
  return texts;
}

/** One GraphQL request for the texts of up to TEXTS_AT_ONCE files, into `texts`. */
async function readBatch(
  http: GitHubHttp,
  batch: readonly string[],
  texts: Map<string, string>,
  readFile: (blob: string) => Promise<Uint8Array>,
): Promise<void> {
  const decoder = new TextDecoder();
  // The ids written into the query itself (each is checked to be one), which keeps it small to send from a phone.
  const ids = batch.filter(isObjectId);
  const query = blobTextsQuery(ids);
  const found =
    await http.graphqlRepository<Record<string, { text: string | null; isTruncated: boolean } | null>>(query);
  await Promise.all(
    ids.map(async (blob, index) => {
      const file = found[`f${index}`];
      texts.set(
        blob,
        file && file.text !== null && !file.isTruncated ? file.text : decoder.decode(await readFile(blob)),
      );
    }),
  );
}

/** The GraphQL query for the texts of blobs by their ids (git ids, checked to be so), each under the alias f<index>. */
export const blobTextsQuery = (ids: readonly string[]) =>
  `query ($owner: String!, $name: String!) { repository(owner: $owner, name: $name) {
${ids.map((blob, index) => `f${index}: object(oid: "${blob}") { ...B }`).join('\n')}
} }
fragment B on Blob { text isTruncated }`;

/** The GraphQL query for the texts of a folder's files ($expression: "<commit>:<folder>"), `depth` levels down. */
export function folderTextsQuery(depth: number): string {
  const levels = Array.from({ length: depth }, (_, level) =>
    level === 0
      ? 'fragment T1 on Tree { entries { name type object { ...B } } }'
      : `fragment T${level + 1} on Tree { entries { name type object { ...B ...T${level} } } }`,
  );
  return `query ($owner: String!, $name: String!, $expression: String!) { repository(owner: $owner, name: $name) {
object(expression: $expression) { ...T${depth} }
} }
fragment B on Blob { text isTruncated }
${levels.join('\n')}`;
}

/**
 * The texts of the files in a folder of a commit and in its folders, `depth` levels down, in one GraphQL request
 * that names the folder alone (a phone sends little): by path, null for a text GitHub does not give (binary, or cut
 * short for its size). Deeper files are not listed; the commit's tree (files()) says which file is which bytes.
 */
export async function readFolderTextsOf(
  http: GitHubHttp,
  commit: string,
  folder: string,
  depth: number,
): Promise<Map<string, { readonly text: string | null }>> {
  const query = folderTextsQuery(depth);
  type Entry = {
    name: string;
    type: string;
    oid: string;
    object?: Tree & { text?: string | null; isTruncated?: boolean };
  };
  type Tree = { entries?: Entry[] };
  const found = await http.graphqlRepository<{ object: Tree | null }>(query, {
    expression: `${commit}:${folder}`,
  });
  const texts = new Map<string, { text: string | null }>();
  const walk = (tree: Tree | null | undefined, at: string) => {
    for (const entry of tree?.entries ?? []) {
      const path = `${at}/${entry.name}`;
      if (entry.type === 'tree') walk(entry.object, path);
      else if (entry.type === 'blob')
        texts.set(path, { text: entry.object?.isTruncated ? null : (entry.object?.text ?? null) });
    }
  };
  walk(found.object, folder);
  return texts;
}
