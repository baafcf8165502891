/**
 * A study's plan stored by table family: parts whose labels differ only in numbers or
 * hashes (`superhero-gladiators duels-17-3fa9c2d1-ab`, `… duels-18-0be4d7aa-ab`) and that
 * play the same games are one entry — a family key, how many parts, games a part and the
 * CPU seconds a game. SHG costs plays 15,000 one-game tables; stored a part a line its
 * plan was 3.5 MB, stored by family it is two lines. The progress bar matches a part to
 * its family (progress.ts, StudyEta), so the ETA is the same as from the part-by-part plan.
 */

/** One entry of a stored plan: a part, or `count` parts of one family. */
export interface PlanPart {
  /**
   * The part's label (`<game> <table key>`, as the study's bar receives it), or when
   * `count` > 1 the family's key: the label with each varying token as `#` (familyKey).
   */
  readonly label: string;
  /** Games each part of the entry plays. */
  readonly games: number;
  /**
   * Measured CPU seconds a game (bench/studies.ts; over all of a family's sampled games),
   * so that parts of very different cost weigh what they cost; absent: every game of the
   * plan weighs the same.
   */
  readonly cpuPerGame?: number;
  /** Parts of this family (default 1). */
  readonly count?: number;
}

/** Parts an entry stands for. */
export function partsOf(p: PlanPart): number {
  return p.count ?? 1;
}

/**
 * The family of a part's label: each token (between spaces, `-`, `_`, `+`, `/`, `:`, `.`,
 * `,`, `=`) that holds a digit, or is a hex string of 6 or more characters (a hash), becomes
 * `#`. Tokens made of words (power, card and team names) stay: they name what a table
 * measures, and tables that measure different things may cost differently.
 */
export function familyKey(label: string): string {
  return label
    .split(/([\s\-_+/:.,=]+)/)
    .map((token, i) => (i % 2 === 1 ? token : /\d/.test(token) || /^[0-9a-f]{6,}$/i.test(token) ? '#' : token))
    .join('');
}

/** A part as the bench measured it: its label and full games, and the CPU of its sampled games. */
export interface MeasuredPart {
  readonly label: string;
  readonly games: number;
  readonly sampled: number;
  readonly cpu: number;
}

/**
 * Groups measured parts by (family, games), in the order each family first appears. A
 * family of one part keeps its own label; a larger one is stored under its key with its
 * count. cpuPerGame is the family's CPU over its sampled games (3 significant digits),
 * absent when none of its games were sampled.
 */
export function compactPlan(parts: readonly MeasuredPart[]): PlanPart[] {
  const groups = new Map<string, { label: string; key: string; games: number; count: number; sampled: number; cpu: number }>();
  for (const p of parts) {
    const key = familyKey(p.label);
    const id = `${p.games} ${key}`;
    const g = groups.get(id);
    if (g) {
      g.count++;
      g.sampled += p.sampled;
      g.cpu += p.cpu;
    } else groups.set(id, { label: p.label, key, games: p.games, count: 1, sampled: p.sampled, cpu: p.cpu });
  }
  return [...groups.values()].map((g) => ({
    label: g.count > 1 ? g.key : g.label,
    games: g.games,
    ...(g.sampled > 0 ? { cpuPerGame: Number((g.cpu / g.sampled).toPrecision(3)) } : {}),
    ...(g.count > 1 ? { count: g.count } : {}),
  }));
}
