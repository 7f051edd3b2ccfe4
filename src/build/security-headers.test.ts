import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FormConfig } from '../generated/config-types.ts';
import { LIVE_SITE_DIR } from '../testing/sites.ts';
import {
  contentSecurityPolicyOf,
  deliveryOrigins,
  inlineScriptSource,
  metaPolicyOf,
  withConnectSources,
  withSpeculationRules,
} from './security-headers.ts';

const form = (delivery: FormConfig['delivery']) => ({ delivery }) as FormConfig;
const cspOf = (headers: string) => /Content-Security-Policy:\s*(.*)/.exec(headers)![1]!;

describe('the Content-Security-Policy of the built site', () => {
  it('lets pages connect to the origins the forms post to, each once, and not to Netlify or log deliveries', () => {
    const forms = {
      contact: form({ method: 'post', url: 'https://formspree.io/f/abcd1234?x=1', encoding: 'json', timeoutMs: 10000 }),
      apply: form({ method: 'post', url: 'https://formspree.io/f/other', encoding: 'form', timeoutMs: 10000 }),
      hook: form({ method: 'post', url: 'http://127.0.0.1:4322/inbox', encoding: 'json', timeoutMs: 10000 }),
      netlify: form({ method: 'netlify', timeoutMs: 10000 }),
      log: form({ method: 'log' }),
      spec: form(undefined),
    };
    expect(deliveryOrigins({ forms })).toEqual(['http://127.0.0.1:4322', 'https://formspree.io']);
  });

  it('rewrites connect-src to exactly the site and those origins, and keeps every other directive as written', () => {
    const headers = readFileSync(join(LIVE_SITE_DIR, 'public/_headers'), 'utf8');
    const rewritten = withConnectSources(
      headers.replace("connect-src 'self'", "connect-src 'self' https://old.example"),
      ['https://formspree.io'],
    );
    const directives = cspOf(rewritten).split('; ');
    expect(directives.filter((directive) => directive.startsWith('connect-src'))).toEqual([
      "connect-src 'self' https://formspree.io",
    ]);
    expect(directives.filter((directive) => !directive.startsWith('connect-src'))).toEqual(
      cspOf(headers)
        .split('; ')
        .filter((directive) => !directive.startsWith('connect-src')),
    );
    expect(directives).toContain("script-src 'self'");
    expect(rewritten.replace(cspOf(rewritten), '')).toBe(headers.replace(cspOf(headers), ''));
  });

  it('adds connect-src to a policy that has none, and leaves a file without a policy alone', () => {
    expect(withConnectSources("/*\n  Content-Security-Policy: default-src 'self'\n", ['https://a.example'])).toBe(
      "/*\n  Content-Security-Policy: default-src 'self'; connect-src 'self' https://a.example\n",
    );
    expect(withConnectSources('/*\n  X-Frame-Options: DENY\n', ['https://a.example'])).toBe(
      '/*\n  X-Frame-Options: DENY\n',
    );
  });
});

describe('the policy inside every page, for hosts that send no headers (GitHub Pages)', () => {
  it("lets the page's own Speculation Rules run by the hash of their exact text, once, and no other inline script", () => {
    const rules = '{"prefetch":[{"source":"document"}]}';
    const headers = "/*\n  Content-Security-Policy: default-src 'self'; script-src 'self'; object-src 'none'\n";
    const withRules = withSpeculationRules(headers, rules);
    // The hash CSP defines: SHA-256 of the text, in base64.
    expect(inlineScriptSource(rules)).toBe(`'sha256-${createHash('sha256').update(rules).digest('base64')}'`);
    expect(contentSecurityPolicyOf(withRules)).toBe(
      `default-src 'self'; script-src 'self' ${inlineScriptSource(rules)}; object-src 'none'`,
    );
    expect(withSpeculationRules(withRules, rules)).toBe(withRules);
    expect(contentSecurityPolicyOf(withSpeculationRules(headers, `${rules} `))).not.toContain(
      inlineScriptSource(rules),
    );
  });

  it('is the policy of the /* rule, less the directives only a header can carry', () => {
    const headers =
      "/*\n  Content-Security-Policy: default-src 'self'; frame-ancestors 'none'; report-uri /csp; connect-src 'self' https://formspree.io; sandbox allow-forms; report-to csp\n  X-Frame-Options: DENY\n";
    const policy = contentSecurityPolicyOf(headers)!;
    expect(policy).toContain("frame-ancestors 'none'");
    expect(metaPolicyOf(policy)).toBe("default-src 'self'; connect-src 'self' https://formspree.io");
    expect(contentSecurityPolicyOf('/*\n  X-Frame-Options: DENY\n')).toBeUndefined();
  });
});
