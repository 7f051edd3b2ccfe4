import { describe, expect, it } from 'vitest';
import { newestOnly } from './newest-only.ts';

describe('requests where only the newest acts', () => {
  it('drops a request that finishes after a newer one, and keeps one that finishes before it was replaced', async () => {
    const shown: string[] = [];
    const run = newestOnly();
    let finishSlow!: () => void;
    const slow = run(new Promise<string>((resolve) => (finishSlow = () => resolve('/influencers'))), (path) =>
      shown.push(path),
    );
    await run(Promise.resolve('/influencers/1'), (path) => shown.push(path));
    finishSlow();
    await slow;
    expect(shown).toEqual(['/influencers/1']);
    await run(Promise.resolve('/about'), (path) => shown.push(path));
    expect(shown).toEqual(['/influencers/1', '/about']);
  });
});
