/**
 * A hand-written Dark Hero player (the `heuristic` agent; registered in
 * agents/heuristics/index.ts) that plays its goal (Free or Safe):
 * - moves toward revealed Hearts and Spades while the meter is off its goal, prefers
 *   unknown cards to Neutral ones (the rules insist anyway), avoids Clubs unless strong;
 * - raids and fights only to push the meter toward its goal, with an Ace when the odds
 *   without one are below even;
 * - spends Resources where a contest is at stake: before stepping onto a revealed Heart
 *   or Spade that would push the meter its way, it buys Tactics/Hiding up to a near-sure
 *   win (ability ≥ base + 3), with what it does not need to keep for vetoes;
 * - attacks heroes of the other goal on Clubs when more likely to win than lose, never allies;
 * - pays a Resource to stop the end-of-round drift when the drift would hurt its goal;
 * - keeps Resources for such vetoes (2, fewer in the last rounds) and turns the rest into Aces;
 * - on a tied Spade it stays to fight again only when its odds are even or better.
 * It sees only its observation; ties between equally good moves go to its rng.
 */
import type { Agent, AgentFactory, DecisionContext } from '../../core/agent.js';
import { invalid } from '../../core/errors.js';
import type { Rng } from '../../core/rng.js';
import { decisionOf, fightingAgain, moveTargets } from './rules.js';
import {
  CHAOS,
  CLUB,
  CLUB_ASK,
  CLUB_DEFEND,
  CONTEST,
  CONVERT,
  FACE_DOWN,
  FASCIST,
  HEART,
  MOVE,
  PLACE,
  SHIFT,
  SPADE,
  SPEND,
  VETO,
  spendCode,
  type DarkHeroState,
} from './state.js';

/** Resources kept back for vetoes before spending or converting: 2, and only what the rounds left can use. */
function reserve(s: DarkHeroState): number {
  return Math.min(2, s.setup.options.turns - s.round);
}

/** Ability margin over the card's base that wins a contest for sure (d4 against d4): +4; +3 wins 15 times in 16. */
const NEAR_SURE = 3;

/** P(a + d4 > b + d4) and P(a + d4 < b + d4) for a - b = k. */
export function contestOdds(k: number): { win: number; lose: number } {
  let win = 0;
  let lose = 0;
  for (let x = 1; x <= 4; x++)
    for (let y = 1; y <= 4; y++) {
      if (k + x > y) win++;
      else if (k + x < y) lose++;
    }
  return { win: win / 16, lose: lose / 16 };
}

/** How much `player` gains (in return units) if the meter ends at `meter`. */
function value(meter: number, target: number): number {
  if (meter === CHAOS || meter === FASCIST) return 0;
  const d = Math.abs(meter - target);
  return d === 0 ? 1 : d === 1 ? 0.5 : 0;
}

export class DarkHeroHeuristic implements Agent<DarkHeroState, number> {
  constructor(
    readonly spec: string,
    private readonly rng: Rng,
  ) {}

  act(ctx: DecisionContext<DarkHeroState, number>): number {
    const { obs: s, player: me, legal } = ctx;
    const g = s.setup;
    const target = g.target[me]!;
    const dir = Math.sign(target - s.meter); // where this hero wants the meter to go
    const pick = (wanted: number): number => (legal.includes(wanted) ? wanted : legal[0]!);
    switch (decisionOf(s)) {
      case PLACE: {
        const near = g.board.adj[s.pos[me]!]!.filter((slot) => legal.includes(slot));
        return near.length ? this.rng.pick(near) : this.rng.pick(legal);
      }
      case SPEND: {
        if (dir === 0) return 0;
        // Where would it go? Buy for the contest it will step onto (a revealed Heart or Spade).
        const targets = moveTargets(s, me).map((slot) => s.cards[slot]);
        let spare = Math.max(0, s.resources[me]! - reserve(s));
        const base = g.options.cardBase;
        const tactics = targets.includes(SPADE) ? Math.min(spare, Math.max(0, base + NEAR_SURE - g.fighting[me]!)) : 0;
        spare -= tactics;
        const hiding = targets.includes(HEART) && !targets.includes(SPADE) ? Math.min(spare, Math.max(0, base + NEAR_SURE - g.infiltrating[me]!)) : 0;
        return pick(spendCode(tactics, hiding));
      }
      case MOVE:
        return this.best(legal, (slot) => (slot === s.pos[me] ? this.stayScore(s, me, dir) : this.moveScore(s, me, slot, dir)));
      case CONTEST: {
        if (fightingAgain(s)) {
          const odds = contestOdds(g.fighting[me]! + s.tactics - g.options.cardBase);
          return odds.win < 0.5 && legal.includes(2) ? 2 : 1;
        }
        if (dir === 0) return 0;
        const suit = s.cards[s.pos[me]!];
        const ability = suit === HEART ? g.infiltrating[me]! + s.hiding : g.fighting[me]! + s.tactics;
        const odds = contestOdds(ability - g.options.cardBase);
        return odds.win < 0.5 && legal.includes(2) ? 2 : 1;
      }
      case SHIFT:
        return dir + 1;
      case CLUB_ASK: {
        const victim = s.current;
        if (g.target[victim] === target) return 0; // allies share the goal
        const odds = contestOdds(g.fighting[me]! - g.fighting[victim]! - s.tactics);
        return odds.win > odds.lose ? 1 : 0;
      }
      case CLUB_DEFEND: {
        const odds = contestOdds(g.fighting[me]! + s.tactics - g.fighting[s.attacker]! - (s.attackerAce ? g.options.aceBonus : 0));
        return odds.lose >= 0.6 && s.resources[me]! > 0 ? 1 : 0;
      }
      case CONVERT:
        return pick(Math.max(0, Math.floor((s.resources[me]! - reserve(s)) / g.options.aceCost)));
      case VETO: {
        const after = Math.min(FASCIST, Math.max(CHAOS, s.meter + s.drift));
        return value(after, target) < value(s.meter, target) || (value(after, target) === 0 && Math.abs(after - target) > Math.abs(s.meter - target)) ? 1 : 0;
      }
      default:
        return this.rng.pick(legal);
    }
  }

  private moveScore(s: DarkHeroState, me: number, slot: number, dir: number): number {
    const g = s.setup;
    const card = s.cards[slot];
    const busy = dir !== 0;
    if (card === FACE_DOWN) return 2;
    if (card === HEART) return busy ? 3 + g.infiltrating[me]! : 0.5;
    if (card === SPADE) return busy ? 3 + g.fighting[me]! : 0;
    if (card === CLUB) return g.fighting[me]! >= 3 ? -0.5 : -2;
    return 0;
  }

  /** Staying on a tied Spade means fighting it again: worth it when the fight is at least even. */
  private stayScore(s: DarkHeroState, me: number, dir: number): number {
    const g = s.setup;
    if (dir === 0) return -1;
    const odds = contestOdds(g.fighting[me]! + s.tactics + (s.aces[me]! > 0 ? g.options.aceBonus : 0) - g.options.cardBase);
    return odds.win >= 0.5 ? 3 + g.fighting[me]! : -1;
  }

  /** The best-scoring action, ties broken by the agent's rng. */
  private best(legal: readonly number[], score: (a: number) => number): number {
    let top = -Infinity;
    let bests: number[] = [];
    for (const a of legal) {
      const v = score(a);
      if (v > top) {
        top = v;
        bests = [a];
      } else if (v === top) bests.push(a);
    }
    return bests.length === 1 ? bests[0]! : this.rng.pick(bests);
  }
}

export const darkHeroHeuristic: AgentFactory = ({ spec, params, rng }) => {
  const keys = Object.keys(params);
  if (keys.length > 0) throw invalid(`agent spec ${JSON.stringify(spec)}`, keys[0]!, params[keys[0]!], 'no parameters for the dark-hero heuristic');
  return new DarkHeroHeuristic(spec, rng) as Agent;
};
