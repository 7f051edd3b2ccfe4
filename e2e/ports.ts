/**
 * Where the browser tests serve each site: the live site on E2E_PORT (4317 unless set), the spec site on the next
 * port, and the live site with 1,000 generated influencers on the one after.
 */
export const LIVE_PORT = Number(process.env.E2E_PORT ?? 4317);
export const SPEC_PORT = LIVE_PORT + 1;
export const SCALE_PORT = LIVE_PORT + 2;

export const siteUrl = (port: number) => `http://127.0.0.1:${port}`;
