/**
 * Text as a file name anyone can type and any host serves: "Beach Day (1)" is beach-day-1, "/team-news" is team-news.
 */
export const slugOf = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
