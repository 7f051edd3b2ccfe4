/**
 * How the last publish stands on its way to the live site, in words, with its link: "Building on Netlify…", then
 * "Live now (after 2 min 10 s)" or "The site's build failed: … The live site did not change." with the build's log.
 * The editor bar shows it, and the Publish dialog while it is open (the bar is then out of reach behind it).
 */
import { useSyncExternalStore } from 'react';
import type { PublishingStore } from './publishing-store.ts';

export function LiveSiteStatus({ publishing }: { publishing: PublishingStore }) {
  const live = useSyncExternalStore(publishing.subscribe, () => publishing.getState().live);
  if (!live) return null;
  return (
    <p role="status" className={`live-site live-site-${live.phase}`}>
      {live.words}
      {live.link && (
        <>
          {' '}
          <a href={live.link.href} target="_blank" rel="noopener noreferrer">
            {live.link.words}
          </a>
        </>
      )}
    </p>
  );
}
