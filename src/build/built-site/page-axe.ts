/**
 * axe (axe-core) on built pages, in a document of jsdom: the page's own HTML, none of its script run, as a visitor
 * with script off or a reader before the islands attach gets it. jsdom draws nothing, so the rules that need a drawn
 * page (colour contrast, and what is hidden by a stylesheet) are left to the browser tests, which run axe in Chromium
 * on every page; the rest (names, labels, landmarks, headings, lists, ARIA, language, alt text, ids) hold here.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { JSDOM, VirtualConsole } from 'jsdom';
import type { AxeResults } from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules that need the page drawn, which jsdom does not do. */
const NEEDS_A_DRAWN_PAGE = ['color-contrast', 'color-contrast-enhanced', 'link-in-text-block', 'target-size'];

export interface AxeFinding {
  /** The built file, as "about/index.html". */
  readonly file: string;
  /** The rule and what it asks, in axe's words, with where on the page. */
  readonly words: string;
}

/** axe's findings on each built page named, with `address` the page's address on the site. */
export async function axeFindings(
  pages: readonly { file: string; path: string; address: string }[],
): Promise<AxeFinding[]> {
  const findings: AxeFinding[] = [];
  for (const page of pages) {
    // The page's own console (a script it would run, a stylesheet it would load) is not what is checked.
    const dom = new JSDOM(readFileSync(page.path, 'utf8'), {
      url: page.address,
      runScripts: 'outside-only',
      virtualConsole: new VirtualConsole(),
    });
    try {
      dom.window.eval(AXE_SOURCE);
      const axe = (
        dom.window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } }
      ).axe;
      const results = await axe.run(dom.window.document, {
        rules: Object.fromEntries(NEEDS_A_DRAWN_PAGE.map((rule) => [rule, { enabled: false }])),
        resultTypes: ['violations'],
      });
      for (const violation of results.violations)
        for (const node of violation.nodes)
          findings.push({
            file: page.file,
            words: `${violation.id}: ${violation.help} (${node.target.join(' ')})`,
          });
    } finally {
      dom.window.close();
    }
  }
  return findings;
}
