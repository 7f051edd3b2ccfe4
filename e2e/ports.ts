import { randomBytes } from 'node:crypto';

/**
 * Where the browser tests serve each site: the live site on E2E_PORT (4317 unless set), the spec site on the next
 * port, the live site with 1,000 generated influencers on the one after, then the two delivery sites and the
 * receivers their forms post to, and the visual editor.
 */
export const LIVE_PORT = Number(process.env.E2E_PORT ?? 4317);
export const SPEC_PORT = LIVE_PORT + 1;
export const SCALE_PORT = LIVE_PORT + 2;
export const DELIVERY_PORTS = {
  json: { site: LIVE_PORT + 3, receiver: LIVE_PORT + 5 },
  form: { site: LIVE_PORT + 4, receiver: LIVE_PORT + 6 },
} as const;

/** The visual editor (npm run edit), editing a copy of the spec site, and the preview it shows from its own port. */
export const EDITOR_PORT = LIVE_PORT + 7;
export const EDITOR_PREVIEW_PORT = LIVE_PORT + 8;
/** Another local server, where the browser tests play a hostile page trying to reach the editor. */
export const HOSTILE_PORT = LIVE_PORT + 9;
/** The spec site built for a folder of its address, served in that folder (e2e/project-site/). */
export const PROJECT_SITE_PORT = LIVE_PORT + 10;
/** Cloudflare Pages' local runtime serving the JSON delivery site, and the debugger port it insists on opening. */
export const CLOUDFLARE_PORTS = { site: LIVE_PORT + 11, inspector: LIVE_PORT + 12 } as const;
/**
 * The stand-in for GitHub (src/testing/github-stand-in.ts) that signing in to the editor talks to, and the app it
 * knows, whose id and secret the site's host is given as the two secrets README asks for.
 */
export const GITHUB_STAND_IN = {
  port: LIVE_PORT + 13,
  app: { clientId: 'Iv1.stand-in-app', secret: (process.env.E2E_GITHUB_SECRET ??= randomBytes(20).toString('hex')) },
} as const;

/**
 * The editor's session token: chosen once by the test runner, whose environment its workers and the editor it
 * starts inherit, so every test can open the editor as the address npm run edit prints would.
 */
export const EDITOR_TOKEN = (process.env.E2E_EDITOR_TOKEN ??= randomBytes(32).toString('hex'));

/** The live site with a photo for every creator and an image for every project (e2e/photos/). */
export const PHOTO_PORT = LIVE_PORT + 14;
/** The same, its pictures made by each host's image service (answered by the server's stand-in). */
export const PHOTO_SERVICE_PORTS = { netlify: LIVE_PORT + 15, cloudflare: LIVE_PORT + 16 } as const;

export const siteUrl = (port: number) => `http://127.0.0.1:${port}`;
