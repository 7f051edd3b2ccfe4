import { describe, expect, it } from 'vitest';
import { AnsweredChecks } from './answered-checks.ts';

describe("the checker's answers the editor shows", () => {
  it('drops an answer that arrives after a newer one, and is current only once the newest question is answered', () => {
    const checks = new AnsweredChecks();
    const older = checks.ask();
    const newer = checks.ask();
    expect(checks.current).toBe(false);
    expect(checks.take(newer)).toBe(true);
    expect(checks.current).toBe(true);
    // The older check's answer (say, "no problems" for text since changed) comes late: it is not shown.
    expect(checks.take(older)).toBe(false);
    expect(checks.current).toBe(true);
  });

  it('takes a save as an answer to the newest question, and a check asked since as newer still', () => {
    const checks = new AnsweredChecks();
    checks.ask();
    const save = checks.newest;
    const since = checks.ask();
    expect(checks.take(save)).toBe(true);
    expect(checks.current).toBe(false);
    expect(checks.take(since)).toBe(true);
    expect(checks.current).toBe(true);
  });
});
