import { createHash } from 'node:crypto';
import { deliveryMethodOf } from '../content/delivery-methods.ts';
import type { SiteConfig } from '../contract/site-config.ts';

/**
 * The other sites the forms deliver their answers to (such as "delivery": { "method": "post", "url": ... }), each once,
 * sorted.
 */
export function deliveryOrigins(config: Pick<SiteConfig, 'forms'>): string[] {
  const origins = Object.values(config.forms).flatMap(({ delivery }) => {
    const origin = delivery && deliveryMethodOf(delivery).connectsTo?.(delivery);
    return origin === undefined ? [] : [origin];
  });
  return [...new Set(origins)].sort();
}

/** The policy of the site's pictures and videos opened on their own: shown, never run, with no origin of their own. */
export const MEDIA_POLICY =
  "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";

const CSP_LINE = /^(\s*Content-Security-Policy:\s*)(.*)$/i;

/** A _headers file with each Content-Security-Policy's list of directives changed by `change`. */
function withPolicyDirectives(headersFile: string, change: (directives: string[]) => void): string {
  return headersFile
    .split('\n')
    .map((line) => {
      const csp = CSP_LINE.exec(line);
      if (!csp) return line;
      const directives = csp[2]!
        .split(';')
        .map((directive) => directive.trim())
        .filter(Boolean);
      change(directives);
      return `${csp[1]}${directives.join('; ')}`;
    })
    .join('\n');
}

/**
 * The text of a _headers file whose Content-Security-Policy lets pages connect to the site itself and to `origins`,
 * and nowhere else: its connect-src is rewritten (or added), every other directive is kept as written.
 */
export function withConnectSources(headersFile: string, origins: readonly string[]): string {
  const connectSrc = ['connect-src', "'self'", ...origins].join(' ');
  return withPolicyDirectives(headersFile, (directives) => {
    const at = directives.findIndex((directive) => /^connect-src\b/i.test(directive));
    if (at === -1) directives.push(connectSrc);
    else directives[at] = connectSrc;
  });
}

/**
 * The source that lets one inline script run, and no other: the hash of its text. Pages carry one, their
 * <script type="speculationrules">; a hash (unlike the newer 'inline-speculation-rules') is known to every browser and
 * to the HTML checker.
 */
export const inlineScriptSource = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The text of a _headers file whose script-src also allows the Speculation Rules every page carries (`rules`, their
 * exact text). A policy without script-src, or that already allows them, is kept as written.
 */
export function withSpeculationRules(headersFile: string, rules: string): string {
  const source = inlineScriptSource(rules);
  return withPolicyDirectives(headersFile, (directives) => {
    const at = directives.findIndex((directive) => /^script-src\s/i.test(directive));
    if (at !== -1 && !directives[at]!.includes(source)) directives[at] = `${directives[at]} ${source}`;
  });
}

/** The Content-Security-Policy a _headers file gives every page (its "/*" rule), if it has one. */
export function contentSecurityPolicyOf(headersFile: string): string | undefined {
  for (const line of headersFile.split('\n')) {
    const csp = CSP_LINE.exec(line);
    if (csp) return csp[2]!.trim();
  }
  return undefined;
}

// Directives a <meta> policy cannot carry (the CSP standard ignores them there): only a real header can.
const HEADER_ONLY_DIRECTIVES = ['frame-ancestors', 'report-uri', 'report-to', 'sandbox'];

/** The part of a Content-Security-Policy a page's <meta http-equiv> can carry: all of it but HEADER_ONLY_DIRECTIVES. */
export function metaPolicyOf(policy: string): string {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !HEADER_ONLY_DIRECTIVES.includes(directive.split(/\s+/)[0]!.toLowerCase()))
    .join('; ');
}
