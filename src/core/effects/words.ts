/**
 * "Did you mean …?": the closest allowed word to a misspelt one, so a content error can
 * name the fix ("unknown field `defence`; did you mean `defense`?").
 */

/** Edit distance (insertions, deletions, substitutions, swaps of neighbours; case-insensitive). */
export function editDistance(a: string, b: string): number {
  a = a.toLowerCase();
  b = b.toLowerCase();
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

/**
 * The allowed word closest to `word`, if it is close enough to be a likely typo (at most
 * a third of its letters wrong, at least one), else undefined. Ties go to the earlier word.
 */
export function closest(word: string, allowed: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const w of allowed) {
    const d = editDistance(word, w);
    if (d < bestD) {
      best = w;
      bestD = d;
    }
  }
  return best !== undefined && bestD <= Math.max(1, Math.floor(Math.max(word.length, best.length) / 3)) ? best : undefined;
}

/** "unknown field `defence`; did you mean `defense`?" or "…; allowed: a, b, c". */
export function unknownWord(kind: string, word: string, allowed: readonly string[]): string {
  const near = closest(word, allowed);
  return near !== undefined ? `unknown ${kind} \`${word}\`; did you mean \`${near}\`?` : `unknown ${kind} \`${word}\`; allowed: ${allowed.join(', ') || '(none)'}`;
}
