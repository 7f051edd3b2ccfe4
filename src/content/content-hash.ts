/**
 * A short fingerprint of a text, to name a file by its content (a new name whenever it changes): two 32-bit FNV-1a
 * hashes of its UTF-16 code units, in hex. Not for security; plain arithmetic, so the build, the editor's server and a
 * browser worker name the same content the same.
 */
export function contentHash(text: string): string {
  let first = 0x811c9dc5;
  let second = 0x01000193 ^ text.length;
  for (let at = 0; at < text.length; at++) {
    const unit = text.charCodeAt(at);
    first = Math.imul(first ^ unit, 0x01000193);
    second = Math.imul(second ^ unit, 0x5bd1e995);
    second ^= second >>> 15;
  }
  return [first, second].map((part) => (part >>> 0).toString(16).padStart(8, '0')).join('');
}
