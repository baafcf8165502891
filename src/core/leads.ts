/**
 * Lead changes, counted while a game is played: the runner feeds `game.evaluate` after
 * each decision (with `leadChanges` on) and the game-quality panel reads the count.
 */

/** The unique leader of an evaluation vector, or −1 on a tie for first. */
export function leader(evaluation: readonly number[]): number {
  let best = -1;
  let bestValue = -Infinity;
  let tied = false;
  evaluation.forEach((v, i) => {
    if (v > bestValue + 1e-12) {
      best = i;
      bestValue = v;
      tied = false;
    } else if (Math.abs(v - bestValue) <= 1e-12) tied = true;
  });
  return tied ? -1 : best;
}

/**
 * Counts changes of the unique leader over successive evaluations, one at a time (the
 * runner feeds it during play; ties neither lead nor reset).
 */
export class LeadCounter {
  changes = 0;
  private current = -1;

  observe(evaluation: readonly number[]): void {
    const l = leader(evaluation);
    if (l < 0) return;
    if (this.current >= 0 && l !== this.current) this.changes++;
    this.current = l;
  }
}

