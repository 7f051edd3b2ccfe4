import type { ReactNode } from 'react';

/**
 * Stands in for markdown-to-jsx, which react-jsonschema-form renders only when a form turns Markdown on for its texts.
 * The site's forms never do (config/forms/ has no such option), so its 30 KB gzip are never sent (vite.config.ts);
 * should a text reach here anyway, it shows as written.
 */
export function Markdown({ children }: { readonly children?: ReactNode }) {
  return <>{children}</>;
}

export default Markdown;
