import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { LIVE_SITE_DIR } from './testing/sites.ts';

describe('the layers of the code', () => {
  it('import only the way .dependency-cruiser.cjs allows, with no cycle', { timeout: 60_000 }, async () => {
    const config = createRequire(import.meta.url)(join(LIVE_SITE_DIR, '.dependency-cruiser.cjs')) as IConfiguration;
    const previous = process.cwd();
    process.chdir(LIVE_SITE_DIR);
    try {
      const { output } = await cruise(['src', 'scripts', 'e2e', 'vite.config.ts', 'vitest.config.ts'], {
        ...config.options,
        validate: true,
        ruleSet: { forbidden: config.forbidden },
      });
      const { summary } = output as ICruiseResult;
      expect(summary.totalCruised).toBeGreaterThan(100);
      expect(
        summary.violations.map(
          (violation) =>
            `${violation.rule.name}: ${violation.from} → ${violation.cycle?.map((step) => step.name).join(' → ') ?? violation.to}`,
        ),
      ).toEqual([]);
    } finally {
      process.chdir(previous);
    }
  });

  it('name each imported file of the project whole, with its extension, as Node itself asks', () => {
    const sources = ['src', 'scripts', 'e2e'].flatMap((folder) =>
      readdirSync(join(LIVE_SITE_DIR, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file))
        .map((file) => join(folder, file)),
    );
    const unnamed = sources.flatMap((file) =>
      [
        ...readFileSync(join(LIVE_SITE_DIR, file), 'utf8').matchAll(
          /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]*)['"]/g,
        ),
      ]
        .map(([, path]) => path!)
        .filter((path) => !/\.[a-z]+$/.test(path))
        .map((path) => `${file}: ${path}`),
    );
    expect(unnamed).toEqual([]);
  });
});
