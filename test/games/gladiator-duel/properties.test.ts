/**
 * Thousands of seeded random games over every matchup and several house rules: every
 * game ends, no transition mutates its (deep-frozen) input, and the invariants hold at
 * every step.
 */
import { describe, expect, it } from 'vitest';
import { recordDraws } from '../../../src/core/random.js';
import { Rng } from '../../../src/core/rng.js';
import { gladiatorDuel as g } from '../../../src/games/gladiator-duel/index.js';
import { END_TURN, STRIKE } from '../../../src/games/gladiator-duel/actions.js';
import { GLADIATOR_TYPES, parseDuelOptions } from '../../../src/games/gladiator-duel/options.js';
import { strikeModifier } from '../../../src/games/gladiator-duel/rules.js';
import { ONGOING, type DuelState } from '../../../src/games/gladiator-duel/state.js';
import { checkGameContract, deepFreeze } from '../../core/contract.js';

const VARIANTS = [
  {},
  { net: { recovered: true }, offBalanceTiming: 'now' },
  { strikeArc: 'front', ensnaredCanStep: false, doubleSix: 'normal', mobThumbs: 'roll' },
  { arena: { cols: 7, rows: 5, startDistance: 2 }, turnCap: 30 },
];

/** The strength change a strike may cause: 0, or minus the margin of the dice it drew. */
function allowedDrop(before: DuelState): number {
  const [a, d] = recordDraws(before, () => g.apply(before, [STRIKE])).draws as [number, number];
  const me = before.current === 0 ? before.g0 : before.g1;
  const foe = before.current === 0 ? before.g1 : before.g0;
  if (a === d && !(a === 6 && before.rules.options.doubleSix === 'normal')) return 0;
  return Math.max(0, a + strikeModifier(before.rules, me, foe) - d);
}

/** The invariants of one transition; returns what broke, or null. (Plain checks: fast.) */
function broken(before: DuelState, action: number, after: DuelState): string | null {
  const r = after.rules;
  if (after.g0.cell === after.g1.cell) return 'two gladiators in one hex';
  for (const gl of [after.g0, after.g1]) {
    if (!(gl.cell >= 0 && gl.cell < r.size)) return `cell ${gl.cell} outside the arena`;
    if (!(gl.facing >= 0 && gl.facing < 6)) return `facing ${gl.facing}`;
  }
  if (after.ap < 0) return `negative AP ${after.ap}`;
  if (after.moves !== before.moves + 1) return 'move count did not advance by one';
  const mover = before.current;
  const [beforeMe, beforeFoe] = mover === 0 ? [before.g0, before.g1] : [before.g1, before.g0];
  const [afterMe, afterFoe] = mover === 0 ? [after.g0, after.g1] : [after.g1, after.g0];
  if (afterMe.strength !== beforeMe.strength) return 'the mover lost strength';
  const drop = beforeFoe.strength - afterFoe.strength;
  if (action === STRIKE ? drop !== 0 && drop !== allowedDrop(before) : drop !== 0) {
    return `strength fell by ${drop} after action ${action}`;
  }
  if (action !== END_TURN) {
    if (after.current !== before.current) return 'the turn passed without ending it';
    if (!(after.ap < before.ap)) return 'an action cost no AP';
  }
  return null;
}

describe('random play', () => {
  it('2,000 games over all matchups and house rules end and keep the invariants', () => {
    const rng = new Rng(20261122);
    const ends: Record<string, number> = {};
    const failures: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const options = parseDuelOptions({
        ...VARIANTS[i % VARIANTS.length],
        gladiators: [{ type: GLADIATOR_TYPES[i % 4] }, { type: GLADIATOR_TYPES[(i >> 2) % 4] }],
      });
      let s = deepFreeze(g.setup(options, i));
      let steps = 0;
      while (!g.isTerminal(s)) {
        const legal = g.legalActions(s, s.current);
        if (legal.length === 0) failures.push(`game ${i}: no legal action`);
        const action = legal[rng.int(legal.length)]!;
        const next = deepFreeze(g.apply(s, [action]));
        const problem = broken(s, action, next);
        if (problem) failures.push(`game ${i} step ${steps}: ${problem}`);
        s = next;
        if (++steps > 20_000) throw new Error(`game ${i} did not end`);
      }
      expect(s.turn).toBeLessThanOrEqual(options.turnCap);
      const ret = g.returns(s);
      expect(ret[0]! + ret[1]!).toBe(1);
      const reason = String(g.tags(s).endReason);
      ends[reason] = (ends[reason] ?? 0) + 1;
    }
    expect(failures.slice(0, 5)).toEqual([]);
    // Random play reaches every ending.
    expect(Object.keys(ends).sort()).toEqual(['dead', 'decked', 'helpless', 'turn cap']);
  });

  it('is deterministic: the same seed and choices give the same game', () => {
    const run = () => {
      const rng = new Rng(9);
      let s = g.setup(parseDuelOptions({ gladiators: [{ type: 'retiarius' }, { type: 'heavy' }] }), 77);
      while (!g.isTerminal(s)) {
        const legal = g.legalActions(s, s.current);
        s = g.apply(s, [legal[rng.int(legal.length)]!]);
      }
      return s;
    };
    expect(run()).toEqual(run());
  });
});

describe('game contract', () => {
  it('meets the shared contract check, with determinize re-sampling the dice', () => {
    checkGameContract(g, parseDuelOptions({ gladiators: [{ type: 'retiarius' }, { type: 'light' }] }), { games: 20, chance: true });
  });

  it('determinize keeps everything but the random stream', () => {
    const s = g.setup(parseDuelOptions({}), 3);
    const det = g.determinize(g.observe(s, 0), 0, new Rng(1));
    expect({ ...det, rng: 0 }).toEqual({ ...s, rng: 0 });
    expect(det.rng).not.toBe(s.rng);
  });
});
