/**
 * The checking thread's own refusals, in the catalogue's words for an author (protocol/refusals.ts): too many checks
 * waiting, one that runs past its time, and the editor stopping with jobs still waiting.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { copyOfSpecSite } from '../../testing/edited-site.ts';
import { refusalWords } from '../protocol/refusals.ts';
import { WorkspaceThread } from './workspace-thread.ts';

let site: { root: string; remove: () => void } | undefined;
afterEach(() => site?.remove());

const check = (siteDir: string) => ({ kind: 'check' as const, siteDir, body: '{"changes":[]}' });

describe('the checking thread, busy or stopped', () => {
  it('says in words that it is still checking, keeps the author’s changes, and that it stopped', async () => {
    site = copyOfSpecSite();
    const thread = new WorkspaceThread();
    const answers = Array.from({ length: 20 }, () => thread.run(check(site!.root)));
    const refused = await answers.at(-1)!;
    expect([refused.status, refused.body]).toEqual([503, { error: refusalWords('stillChecking') }]);
    await thread.close();
    const stopped = await Promise.all(answers);
    expect(stopped.map((answer) => answer.body)).toContainEqual({ error: refusalWords('editorStopping') });
  });

  it('says in words that a check ran past its time, and what to do', async () => {
    site = copyOfSpecSite();
    const thread = new WorkspaceThread({ timeLimitMs: 1 });
    try {
      const answer = await thread.run(check(site.root));
      expect([answer.status, answer.body]).toEqual([503, { error: refusalWords('checkTooLong', '0') }]);
    } finally {
      await thread.close();
    }
  });
});
