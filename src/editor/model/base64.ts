/**
 * Bytes as base64 text and back, with Web APIs only (btoa, atob), so the browser, a host's functions and Node alike
 * read and write it: GitHub's API carries files so, and a data: address shows an upload held in the page.
 */

/** Bytes as base64, converted a slice at a time so a large file never passes too many arguments at once. */
export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(text);
}

/** The bytes base64 text holds. */
export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let at = 0; at < binary.length; at += 1) bytes[at] = binary.charCodeAt(at);
  return bytes;
}
