import { describe, expect, it } from 'vitest';
import type { HostReport, SiteBuild } from '../protocol/publishing.ts';
import { durationInWords, hostOfAddress, liveState, type Published } from './live-site.ts';

const OURS = 'a'.repeat(40);
const published: Published = { commit: OURS, at: 0, review: false, updateMinutes: 2 };
const build = (changes: Partial<SiteBuild> = {}): SiteBuild => ({
  address: 'https://loom.example/',
  holds: false,
  reports: [],
  ...changes,
});
const netlify = (state: HostReport['state'], more: Partial<HostReport> = {}): HostReport => ({
  host: 'Netlify',
  state,
  ...more,
});

describe('a publish on its way to the live site', () => {
  it('is building until the live site holds it, naming the host when one reports or the address names it', () => {
    expect(liveState(published, undefined, 1000).words).toBe('Building the site…');
    expect(liveState(published, build({ reports: [netlify('pending')] }), 1000).words).toBe('Building on Netlify…');
    expect(liveState(published, build({ address: 'https://our-team.github.io/loom-site/' }), 1000).words).toBe(
      'Building on GitHub Pages…',
    );
  });

  it('is live now, with how long it took, once the live site was built from it or a later commit', () => {
    expect(liveState(published, build({ holds: true }), 130_000)).toEqual({
      phase: 'live',
      words: 'Live now (after 2 min 10 s).',
      link: { href: 'https://loom.example/', words: 'Open the live site' },
    });
    // Live wins over a failure reported meanwhile: a later commit may have fixed it.
    expect(liveState(published, build({ holds: true, reports: [netlify('failure')] }), 5000).phase).toBe('live');
  });

  it('failed, in the host’s words with its log, once a host reported a failure and none is still at work', () => {
    const failed = netlify('failure', {
      words: 'Build script returned non-zero exit code: 2',
      log: 'https://app.netlify.com/x',
    });
    expect(liveState(published, build({ reports: [failed] }), 60_000)).toEqual({
      phase: 'failed',
      words:
        'The site’s build failed: Build script returned non-zero exit code: 2 (Netlify). The live site did not change.'.replace(
          '’',
          "'",
        ),
      link: { href: 'https://app.netlify.com/x', words: 'See the build’s log' },
    });
    expect(liveState(published, build({ reports: [failed, netlify('pending')] }), 60_000).phase).toBe('building');
    expect(liveState(published, build({ reports: [netlify('failure')] }), 60_000).words).toBe(
      "The site's build failed: Netlify reported a failure. The live site did not change.",
    );
  });

  it('stops after its time in words that say the change is published, and why the live site could not be read', () => {
    const state = liveState(published, build({ unreadable: 'loom.example did not answer' }), 21 * 60_000);
    expect(state.phase).toBe('stopped');
    expect(state.words).toBe(
      "Not live after 21 min (the live site could not be read: loom.example did not answer). Your change is published; look at your host's list of deploys to see why it is not live yet.",
    );
    // A host that usually takes 10 minutes is given five times that.
    expect(liveState({ ...published, updateMinutes: 10 }, build(), 21 * 60_000).phase).toBe('building');
  });

  it('waits in words for the code checks a developer’s earlier change started, and says when they did not pass', () => {
    const checks = (state: HostReport['state']): HostReport => ({
      host: 'GitHub Actions',
      state,
      earlierCode: true,
      log: 'https://github.com/loom/site/actions/runs/9',
    });
    expect(liveState(published, build({ reports: [netlify('pending'), checks('pending')] }), 60_000)).toEqual({
      phase: 'building',
      words: "Waiting for the site's code checks, started by a developer's change…",
    });
    // Once they passed, the host builds as usual.
    expect(liveState(published, build({ reports: [checks('success'), netlify('pending')] }), 60_000).words).toBe(
      'Building on Netlify…',
    );
    // Their failure is said for what it is, before the failed check of the suite that ran them.
    const suite = netlify('failure', { host: 'GitHub Pages', words: 'the check “suite” failed' });
    expect(liveState(published, build({ reports: [suite, checks('failure')] }), 60_000)).toEqual({
      phase: 'failed',
      words:
        "The site's code checks did not pass on a developer's earlier change, so the live site did not change. Your change is published and goes live once they pass.",
      link: { href: 'https://github.com/loom/site/actions/runs/9', words: 'See the checks’ log' },
    });
    expect(liveState(published, build({ holds: true, reports: [checks('failure')] }), 60_000).phase).toBe('live');
    // A preview does not wait for them, nor names them as the host that builds it.
    const review = { ...published, review: true };
    expect(liveState(review, build({ reports: [checks('pending')] }), 60_000).words).toBe('Waiting for a preview…');
    expect(liveState(review, build({ reports: [checks('failure'), netlify('pending')] }), 60_000).words).toBe(
      'Building a preview on Netlify…',
    );
  });

  it('for review, shows the deploy preview the host posted, never "Live now"', () => {
    const review = { ...published, review: true };
    expect(liveState(review, build({ holds: true }), 1000).words).toBe('Waiting for a preview…');
    expect(
      liveState(
        review,
        build({ reports: [netlify('success', { preview: 'https://deploy-preview-3--loom.netlify.app' })] }),
        1000,
      ),
    ).toEqual({
      phase: 'preview',
      words: 'A preview of your changes is ready (Netlify).',
      link: { href: 'https://deploy-preview-3--loom.netlify.app', words: 'Open the preview' },
    });
  });
});

describe('in words', () => {
  it('durations and hosts', () => {
    expect([45_000, 60_000, 130_000, 3_900_000].map(durationInWords)).toEqual([
      '45 s',
      '1 min',
      '2 min 10 s',
      '1 h 5 min',
    ]);
    expect(hostOfAddress('https://loom.netlify.app')).toBe('Netlify');
    expect(hostOfAddress('https://loom.pages.dev/')).toBe('Cloudflare Pages');
    expect(hostOfAddress('https://loommedia.com.gh')).toBeUndefined();
  });
});
