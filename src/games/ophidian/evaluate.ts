/**
 * A cheap position value for search cut-offs (`Game.evaluate`, MCTS `rollout=evaluate`):
 * each player's progress towards the two ways a match is won in practice, turned into win
 * shares.
 *
 * - Points (4.2): VP scored, plus the Wounds already on each enemy Gladiator in play as the
 *   share of its VP they have earned (a Gladiator at 5 of 6 Wounds is most of its VP
 *   away), over the 12 VP that win at once. Most VP also decides after Wave 4.
 * - Crowd Riot (4.2): Cheer over the 15 that win at once.
 * - A little for the Strategy cards it has in play (their play cost: Minions, Pumps and
 *   Zones keep working), so the search sees the value of playing a card before its effect
 *   shows. CP left is worth nothing here: the pool is reset at every Breather (2.4).
 *
 * The scores become win shares by a logistic of each player's lead over the best other
 * player (two players: v and 1 - v). The weights are round numbers, not fitted; what they
 * are worth is measured by the strength test (test/strength/ophidian.strength.test.ts).
 */
import * as st from './state.js';
import type { OphidianState, Table } from './state.js';
import { glad, life, lookupOf } from './view.js';

const LOC = { ...st.LOC };

/** Logistic slope: a lead of a quarter of the way to a win is worth about 0.73. */
const SLOPE = 4;
const CHEER_WEIGHT = 0.8;
/** Per CP of play cost in play: a 3-CP Minion is worth about a third of a VP. */
const BOARD_WEIGHT = 0.01;

/**
 * Per table (computed once): each player's Strategy cards that stay in play (not Quick-Hits),
 * and every card's printed CP cost (X counts 0; a card file's cost is a number or X).
 */
const boardOf = st.perTable((t: Table): { permanents: readonly (readonly number[])[]; cost: readonly number[] } => {
  const permanents = Array.from({ length: t.players }, (): number[] => []);
  const cost = t.card.map((card, c) => {
    if (card.kind !== 'strategy') return 0;
    if (card.type !== 'quick-hit') permanents[t.owner[c]!]!.push(c);
    return card.cost.xChosen ? 0 : card.cost.cp({ w: null as never, card: c, controller: t.owner[c]!, targets: [], event: null, x: 0 });
  });
  return { permanents, cost };
});

function progress(s: OphidianState, p: number): number {
  let points = s.vp[p]!;
  for (let q = 0; q < s.t.players; q++) {
    if (q === p) continue;
    // q's team then its Reinforcement (instance order), without building the list per call.
    for (const g of lookupOf(s.t).gladiators[q]!) {
      if (s.loc[g] !== LOC.support && s.loc[g] !== LOC.action) continue;
      const wounds = s.wounds[g]!;
      if (wounds > 0) points += (glad(s, g).levels[s.lvl[g]!]!.vp * wounds) / Math.max(1, life(s, g));
    }
  }
  let board = 0;
  const { permanents, cost } = boardOf(s.t);
  for (const c of permanents[p]!) if (s.loc[c] !== LOC.out) board += cost[c]!;
  return points / 12 + (CHEER_WEIGHT * s.cheer[p]!) / 15 + BOARD_WEIGHT * board;
}

/** Per-player value in [0, 1] summing to 1 (zero-sum); the returns once the match is over. */
export function evaluateOphidian(s: OphidianState): readonly number[] {
  const n = s.t.players;
  if (s.winner !== -1) return s.winner === -2 ? new Array<number>(n).fill(1 / n) : Array.from({ length: n }, (_, p) => (p === s.winner ? 1 : 0));
  const score = Array.from({ length: n }, (_, p) => progress(s, p));
  const raw = score.map((x, p) => {
    let best = -Infinity;
    for (let q = 0; q < n; q++) if (q !== p) best = Math.max(best, score[q]!);
    return 1 / (1 + Math.exp(-SLOPE * (x - best)));
  });
  const total = raw.reduce((a, b) => a + b, 0);
  return raw.map((x) => x / total);
}
