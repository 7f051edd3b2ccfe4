/** Edit distance between two strings (insertions, deletions, substitutions and swaps of neighbours). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The known value closest to what was written, if it is close enough to be a slip of the keyboard:
 * a different case, or at most a third of the letters wrong.
 */
export function closestMatch(written: string, known: readonly string[]): string | undefined {
  // Names, values and paths are short; a long text is no slip of the keyboard, and comparing it would take seconds.
  if (written.length > MAX_COMPARED_LENGTH) return undefined;
  const lower = written.toLowerCase();
  const allowed = Math.max(1, Math.floor(Math.max(written.length, 3) / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    // Lengths that differ by more than the allowed distance cannot be close enough.
    if (candidate === written || Math.abs(candidate.length - written.length) > allowed) continue;
    const distance = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== undefined && bestDistance <= allowed ? best : undefined;
}

const MAX_COMPARED_LENGTH = 200;

/** " Did you mean "x"?" or nothing. */
export function didYouMean(written: string, known: readonly string[]): string {
  const match = closestMatch(written, known);
  return match === undefined ? '' : ` Did you mean ${JSON.stringify(match)}?`;
}
