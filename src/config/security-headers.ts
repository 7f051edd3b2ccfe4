import type { SiteConfig } from './site-config.ts';

/** The origins the forms deliver their answers to ("delivery": { "method": "post", "url": ... }), each once, sorted. */
export function deliveryOrigins(config: Pick<SiteConfig, 'forms'>): string[] {
  const origins = Object.values(config.forms).flatMap((form) => (form.delivery?.method === 'post' && form.delivery.url ? [new URL(form.delivery.url).origin] : []));
  return [...new Set(origins)].sort();
}

const CSP_LINE = /^(\s*Content-Security-Policy:\s*)(.*)$/i;

/**
 * The text of a _headers file whose Content-Security-Policy lets pages connect to the site itself and to `origins`,
 * and nowhere else: its connect-src is rewritten (or added), every other directive is kept as written.
 */
export function withConnectSources(headersFile: string, origins: readonly string[]): string {
  const connectSrc = ['connect-src', "'self'", ...origins].join(' ');
  return headersFile
    .split('\n')
    .map((line) => {
      const csp = CSP_LINE.exec(line);
      if (!csp) return line;
      const directives = csp[2]!.split(';').map((directive) => directive.trim()).filter(Boolean);
      const at = directives.findIndex((directive) => /^connect-src\b/i.test(directive));
      if (at === -1) directives.push(connectSrc);
      else directives[at] = connectSrc;
      return `${csp[1]}${directives.join('; ')}`;
    })
    .join('\n');
}
