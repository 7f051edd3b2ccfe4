/**
 * One Lighthouse 12 run on its mobile defaults (a mid-range phone on a slow 4G network) against a Chromium already
 * started: the four scores, the timings and what the page transferred. The benches take medians of several.
 */
import lighthouse from 'lighthouse';

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Script transferred, KB. */
  jsKb: number;
  /** Pictures transferred, KB. */
  imageKb: number;
}

export async function lighthouseRun(url: string, chromePort: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  const { categories, audits } = result!.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const transferred = (type: string) =>
    ((
      audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined
    )?.items?.find((item) => item.resourceType === type)?.transferSize ?? 0) / 1024;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsKb: transferred('script'),
    imageKb: transferred('image'),
  };
}

/** The median of each measure over several runs. */
export function medianRun(runs: readonly LighthouseRun[]): LighthouseRun {
  const pick = (key: keyof LighthouseRun) =>
    [...runs.map((run) => run[key])].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  return Object.fromEntries(
    (Object.keys(runs[0]!) as (keyof LighthouseRun)[]).map((key) => [key, pick(key)]),
  ) as unknown as LighthouseRun;
}
