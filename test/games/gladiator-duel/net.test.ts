/** The Retiarius's net: cast adjacent (6 ensnares) or over one hex (5-6), and the escape. */
import { describe, expect, it } from 'vitest';
import { gladiatorDuel as g } from '../../../src/games/gladiator-duel/index.js';
import { CAST_NET, ESCAPE_NET, STEP, STRIKE } from '../../../src/games/gladiator-duel/actions.js';
import { RETIARIUS } from '../../../src/games/gladiator-duel/state.js';
import { CENTRE, deepFreeze, scene, type Scene } from './helpers.js';

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

  it('a cast net is gone by default: no second cast, and the net side counts as rear', () => {
    const after = cast(retiarius({ rolls: [1] }));
    expect(after.g0.shield).toBe(false);
    expect(g.legalActions({ ...after, ap: 6 }, 0)).not.toContain(CAST_NET);
  });

  it('net.recovered keeps the net for another cast', () => {
    const after = cast(retiarius({ options: { net: { recovered: true } }, rolls: [1] }));
    expect(after.g0.shield).toBe(true);
    expect(g.legalActions(after, 0)).toContain(CAST_NET);
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

