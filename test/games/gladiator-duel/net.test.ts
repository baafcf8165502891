/** The Retiarius's net: cast adjacent (6 ensnares) or over one hex (5-6), and the escape. */
import { describe, expect, it } from 'vitest';
import { gladiatorDuel as g } from '../../../src/games/gladiator-duel/index.js';
import { CAST_NET, END_TURN, ESCAPE_NET, STEP, STRIKE } from '../../../src/games/gladiator-duel/actions.js';
import { RETIARIUS } from '../../../src/games/gladiator-duel/state.js';
import { hexsideBonus } from '../../../src/games/gladiator-duel/rules.js';
import { deepFreeze } from '../../core/contract.js';
import { CENTRE, NW, scene, type Scene } from './helpers.js';

const retiarius = (sc: Scene = {}) => scene({ ...sc, g0: { type: RETIARIUS, ...sc.g0 } });
const cast = (s: ReturnType<typeof scene>) => g.apply(deepFreeze(s), [CAST_NET]);

describe('casting the net', () => {
  it('adjacent: a 6 ensnares', () => {
    const after = cast(retiarius({ rolls: [6] }));
    expect(after.g1.ensnared).toBe(true);
    expect(after.ap).toBe(4); // 2 AP
  });

  it('adjacent: a 5 misses', () => {
    expect(cast(retiarius({ rolls: [5] })).g1.ensnared).toBe(false);
  });

  it('with one hex between: a 5 ensnares, a 4 misses', () => {
    const gap = { g1: { cell: CENTRE + 2 } };
    expect(cast(retiarius({ ...gap, rolls: [5] })).g1.ensnared).toBe(true);
    expect(cast(retiarius({ ...gap, rolls: [4] })).g1.ensnared).toBe(false);
  });

  it('not at two hexes between, not for other types, not at an ensnared foe, not without 2 AP', () => {
    expect(g.legalActions(retiarius({ g1: { cell: CENTRE + 3 } }), 0)).not.toContain(CAST_NET);
    expect(g.legalActions(scene(), 0)).not.toContain(CAST_NET);
    expect(g.legalActions(retiarius({ g1: { ensnared: true } }), 0)).not.toContain(CAST_NET);
    expect(g.legalActions(retiarius({ ap: 1 }), 0)).not.toContain(CAST_NET);
  });

  it('a cast that misses keeps the net (only a double 5 loses it): he casts again next turn', () => {
    const missed = cast(retiarius({ ap: 6, rolls: [1, 6, 6] }));
    expect(missed.g1.ensnared).toBe(false);
    expect(missed.g0.shield).toBe(true);
    const foeTurn = g.apply(deepFreeze(missed), [END_TURN]);
    const myTurn = g.apply(deepFreeze(foeTurn), [END_TURN]);
    expect(myTurn.current).toBe(0);
    expect(myTurn.ap).toBe(6);
    expect(g.legalActions(myTurn, 0)).toContain(CAST_NET);
  });

  it('at most one cast per turn, as one strike per turn (net.castsPerTurn raises it)', () => {
    const missed = cast(retiarius({ ap: 6, rolls: [1] }));
    expect(missed.ap).toBe(4);
    expect(g.legalActions(missed, 0)).not.toContain(CAST_NET);
    expect(g.describeState(missed)).toContain('(has cast)');
    const twice = cast(retiarius({ ap: 6, options: { net: { castsPerTurn: 2 } }, rolls: [1] }));
    expect(g.legalActions(twice, 0)).toContain(CAST_NET);
  });

  it('double 5: the defender loses his net for good; no more casts, and the net side counts as rear', () => {
    // Seat 0 (Medium) strikes the Retiarius on seat 1 and both roll 5.
    const after = g.apply(deepFreeze(scene({ g1: { type: RETIARIUS }, rolls: [5, 5] })), [STRIKE]);
    expect(after.g1.shield).toBe(false);
    const hisTurn = { ...after, current: 1, ap: 6, struck: false, casts: 0 };
    expect(g.legalActions(hisTurn, 1)).not.toContain(CAST_NET);
    // Seat 0 stands west of him: facing NW, he has seat 0 on his left-front (net) side.
    expect(hexsideBonus(after.rules, { ...after.g1, facing: NW }, after.g0.cell)).toBe(3);
    expect(hexsideBonus(after.rules, { ...after.g1, facing: NW, shield: true }, after.g0.cell)).toBe(2);
  });

  it('net.recovered false is the single-use reading: a cast net is gone, hit or miss', () => {
    const after = cast(retiarius({ options: { net: { recovered: false } }, rolls: [1] }));
    expect(after.g0.shield).toBe(false);
    expect(g.legalActions({ ...after, ap: 6, casts: 0 }, 0)).not.toContain(CAST_NET);
  });

  it('net.adjacentTarget and net.gapTarget change the numbers needed', () => {
    expect(cast(retiarius({ options: { net: { adjacentTarget: 5 } }, rolls: [5] })).g1.ensnared).toBe(true);
    expect(cast(retiarius({ options: { net: { gapTarget: 6 } }, g1: { cell: CENTRE + 2 }, rolls: [5] })).g1.ensnared).toBe(false);
  });
});

describe('ensnared', () => {
  const caught = (sc: Scene = {}) => scene({ ...sc, g0: { ensnared: true, ...sc.g0 }, g1: { type: RETIARIUS, shield: false, ...sc.g1 } });

  it('escape costs 2 AP and frees on 4+', () => {
    const freed = g.apply(deepFreeze(caught({ ap: 3, rolls: [4] })), [ESCAPE_NET]);
    expect(freed.g0.ensnared).toBe(false);
    expect(freed.ap).toBe(1);
    const still = g.apply(deepFreeze(caught({ ap: 3, rolls: [3] })), [ESCAPE_NET]);
    expect(still.g0.ensnared).toBe(true);
    expect(g.legalActions(caught({ ap: 1 }), 0)).not.toContain(ESCAPE_NET);
    expect(g.legalActions(scene(), 0)).not.toContain(ESCAPE_NET);
  });

  it('an ensnared gladiator may strike and step by default', () => {
    const legal = g.legalActions(caught({ ap: 6 }), 0);
    expect(legal).toContain(STRIKE);
    expect(legal).toContain(STEP + 3);
  });

  it('ensnaredCanStrike / ensnaredCanStep false take those away', () => {
    expect(g.legalActions(caught({ options: { ensnaredCanStrike: false } }), 0)).not.toContain(STRIKE);
    const noStep = g.legalActions(caught({ options: { ensnaredCanStep: false }, g1: { cell: CENTRE + 3 } }), 0);
    expect(noStep.some((a) => a >= STEP && a <= STEP + 5)).toBe(false);
    expect(noStep).toContain(ESCAPE_NET);
  });

  it('strikes at an ensnared target get +1: 3 vs 4 becomes 0, 4 vs 3 wounds by 2', () => {
    const at = (rolls: number[]) => g.apply(deepFreeze(scene({ g1: { ensnared: true }, rolls })), [STRIKE]).g1.strength;
    expect(at([3, 4])).toBe(10);
    expect(at([4, 3, 1])).toBe(8);
  });
});


describe('line of fire over one hex', () => {
  const cell = (col: number, row: number) => row * 11 + col;
  const canCast = (from: number, to: number) => g.legalActions(retiarius({ g0: { cell: from }, g1: { cell: to } }), 0).includes(CAST_NET);

  it('at the east wall, (10,1)-(10,3) and (10,3)-(10,5) are open: the hex between, (10,2) or (10,4), is in the arena', () => {
    expect(canCast(cell(10, 1), cell(10, 3))).toBe(true);
    expect(canCast(cell(10, 3), cell(10, 1))).toBe(true);
    expect(canCast(cell(10, 3), cell(10, 5))).toBe(true);
    expect(canCast(cell(10, 5), cell(10, 3))).toBe(true);
  });

  it('the mirrored casts at the west wall are open as well', () => {
    expect(canCast(cell(0, 2), cell(0, 4))).toBe(true);
    expect(canCast(cell(0, 4), cell(0, 2))).toBe(true);
    expect(canCast(cell(0, 0), cell(0, 2))).toBe(true);
  });

  it('the tie-break does not depend on the side: every pair two apart is open on walled arenas of several sizes, both ways', () => {
    for (const [cols, rows] of [[11, 7], [5, 3], [12, 8], [7, 9]] as const) {
      const r = scene({ options: { arena: { cols, rows, startDistance: 1 } } }).rules;
      for (let a = 0; a < r.size; a++) {
        for (let b = 0; b < r.size; b++) {
          if (r.dist[a * r.size + b] === 2) expect(r.gapLine[a * r.size + b], `${cols}x${rows} ${a}-${b}`).toBe(1);
          else expect(r.gapLine[a * r.size + b]).toBe(0);
        }
      }
    }
  });

  it('never over two hexes', () => {
    expect(canCast(cell(10, 1), cell(10, 4))).toBe(false);
    expect(canCast(cell(2, 3), cell(5, 3))).toBe(false);
  });
});
