/** Names made for people from the names in files: a field's label, a file's name. */

/** Words written as people write them, not as field names do. */
const SPELLED: Readonly<Record<string, string>> = {
  url: 'URL',
  id: 'ID',
  mp4: 'MP4',
  webm: 'WebM',
  faq: 'FAQ',
  cta: 'button',
  href: 'link',
  toasts: 'notifications',
  ms: 'in milliseconds',
  src: 'picture file',
  alt: 'alt text',
};

/**
 * A field's name as a label: "pauseLabel" reads "Pause label", "sections" reads "Sections", "url" reads "URL", "faqs"
 * "FAQs".
 */
export const humanize = (name: string) => {
  const words = name
    .replace(/[-_]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(' ')
    .map(
      (word) =>
        SPELLED[word] ?? (word.endsWith('s') && SPELLED[word.slice(0, -1)] ? `${SPELLED[word.slice(0, -1)]}s` : word),
    )
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
