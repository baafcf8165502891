/**
 * Fairness measures a game declares for rule comparisons, read from its game tags.
 *
 * Seat shares measure fairness only where seats are the thing that can be unfair. In
 * Dark Hero, heroes of one goal share one return and the question the rule book asks is
 * whether Free and Safe heroes are treated alike — in particular the team the starting
 * Bent does *not* favour (the underdog). A game listed here is compared on its own
 * measures instead of seat shares; any other game gets seat shares (see metrics.ts).
 *
 * The declarations live here, beside the comparison that reads them, because they only
 * name tags the game already writes (`goals`, `bentRoll`); a game adding a measure adds a
 * tag there and an entry here.
 */
import type { GameRecord } from '../../sim/types.js';

/** A measure of one game compared between rule sets. */
export interface Measure {
  /** Label in tables and charts. */
  readonly label: string;
  /** 'share' measures are in [0, 1]; 'difference' in [-1, 1]; 'length' in decisions; 'count' per game. */
  readonly scale: 'share' | 'difference' | 'length' | 'count';
  /** The measure in one game (NaN when it does not apply to that game). */
  readonly value: (r: GameRecord) => number;
}

type Goal = 'free' | 'safe';

/** Mean return of the Dark Hero heroes of `goal` in one game (NaN when none has it). */
export function teamShare(r: GameRecord, goal: Goal): number {
  const goals = r.tags['goals'] as readonly string[] | undefined;
  if (!goals) return NaN;
  let sum = 0;
  let k = 0;
  goals.forEach((g, seat) => {
    if (g === goal) {
      sum += r.returns[seat]!;
      k++;
    }
  });
  return k ? sum / k : NaN;
}

/** The goal the starting Bent favours: Bent 1–2 pull toward Chaos (Free's side), 3–4 toward Fascist (Safe's). */
export function favouredGoal(r: GameRecord): Goal {
  return Number(r.tags['bentRoll']) <= 2 ? 'free' : 'safe';
}

/** Favoured team's share minus the underdog team's share in one game, in [-1, 1]. */
export function underdogGap(r: GameRecord): number {
  const fav = favouredGoal(r);
  return teamShare(r, fav) - teamShare(r, fav === 'free' ? 'safe' : 'free');
}

/** 1 when every hero scored 0 (a game everyone loses), else 0. */
export function everyoneLoses(r: GameRecord): number {
  return r.returns.length > 0 && r.returns.every((x) => x === 0) ? 1 : 0;
}

const DECLARED: Readonly<Record<string, readonly Measure[]>> = {
  'dark-hero': [
    { label: 'underdog gap (Bent-favoured team share − underdog team share)', scale: 'difference', value: underdogGap },
    { label: 'Free team win share', scale: 'share', value: (r) => teamShare(r, 'free') },
    { label: 'Safe team win share', scale: 'share', value: (r) => teamShare(r, 'safe') },
    // A game everyone loses has a gap of 0 but is not a fair game: count it separately.
    { label: 'everyone-loses rate', scale: 'share', value: everyoneLoses },
  ],
};

/** The fairness measures `gameId` declares, or undefined (compare then uses seat shares). */
export function fairnessMeasures(gameId: string): readonly Measure[] | undefined {
  return DECLARED[gameId];
}
