/**
 * The name of the meta tag that lists the files of a page's React islands (scripts/prerender.ts), which the page
 * script fetches once they are needed (src/islands/site.ts), rather than the page naming them as preloads, which a
 * phone would fetch at once, beside what its first paint and first answer need.
 */
export const ISLAND_FILES_META = 'island-files';
