/** What the media picker and the list of held uploads both draw of a file of public/: its glimpse, and its size. */
import { mediaOfPath } from '../../content/file-formats.ts';
import { useBackend } from './backend.ts';

/** A size as people read it: "12 KB", "3.4 MB". */
export const sizeInWords = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A small view of a file in public/, as the site would show it. */
export function Thumbnail({ src }: { src: string }) {
  const { addressOf } = useBackend();
  return mediaOfPath(src) === 'video' ? (
    <video className="media-thumb" src={addressOf(src)} muted preload="metadata" aria-hidden="true" />
  ) : (
    <img className="media-thumb" src={addressOf(src)} alt="" loading="lazy" />
  );
}
