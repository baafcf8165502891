/** Setup, action points, movement costs, facing, zone of control, wounds and the turn cap. */
import { describe, expect, it } from 'vitest';
import { gladiatorDuel } from '../../../src/games/gladiator-duel/index.js';
import { END_TURN, PIVOT_LEFT, PIVOT_RIGHT, STEP, STEP_FORWARD, STRIKE } from '../../../src/games/gladiator-duel/actions.js';
import { parseDuelOptions } from '../../../src/games/gladiator-duel/options.js';
import { HEAVY, LIGHT, compileRules, makeGladiator, rollAp, setupState, woundLevel } from '../../../src/games/gladiator-duel/state.js';
import { deepFreeze } from '../../core/contract.js';
import { CENTRE, E, NE, NW, SE, SW, W, neighbour, scene } from './helpers.js';

const g = gladiatorDuel;
const play = (s: ReturnType<typeof scene>, ...actions: number[]) =>
  actions.reduce((st, a) => g.apply(deepFreeze(st), [a]), s);

describe('setup', () => {
  it('puts the two gladiators on the middle row, 4 hexes apart, facing each other', () => {
    const s = setupState(parseDuelOptions({}), 42);
    expect(s.rules.dist[s.g0.cell * s.rules.size + s.g1.cell]).toBe(4);
    expect(Math.floor(s.g0.cell / 11)).toBe(3);
    expect([s.g0.facing, s.g1.facing]).toEqual([E, W]);
    expect(s.turn).toBe(1);
    expect(g.toMove(s)).toEqual([s.current]);
  });

  it('rolls strength on 2d6 unless fixed, and decides the first mover by die roll', () => {
    const strengths = new Set<number>();
    const first = [0, 0];
    for (let seed = 0; seed < 400; seed++) {
      const s = setupState(parseDuelOptions({}), seed);
      strengths.add(s.g0.startStrength);
      first[s.firstMover]!++;
      expect(s.current).toBe(s.firstMover);
    }
    expect(Math.min(...strengths)).toBe(2);
    expect(Math.max(...strengths)).toBe(12);
    expect(first[0]).toBeGreaterThan(150);
    expect(first[1]).toBeGreaterThan(150);
    const fixed = setupState(parseDuelOptions({ gladiators: [{ type: 'heavy', strength: 9 }, { type: 'light' }], firstMover: 1 }), 3);
    expect(fixed.g0.strength).toBe(9);
    expect(fixed.g0.type).toBe(HEAVY);
    expect(fixed.g1.type).toBe(LIGHT);
    expect(fixed.current).toBe(1);
  });

  it('is a pure function of options and seed', () => {
    const o = parseDuelOptions({});
    expect(setupState(o, 7)).toEqual(setupState(o, 7));
  });
});

describe('action points', () => {
  const rules = compileRules(parseDuelOptions({}));
  const medium = makeGladiator(1, 0, 0, 12);

  it('are 1d6 plus modifiers: Light +1, lightly wounded -1, badly wounded -2, ensnared -3, off balance -2', () => {
    expect(rollAp(rules, medium, 4)).toBe(4);
    expect(rollAp(rules, { ...medium, type: LIGHT }, 4)).toBe(5);
    expect(rollAp(rules, { ...medium, strength: 8 }, 4)).toBe(3); // 8 <= 2/3 of 12
    expect(rollAp(rules, { ...medium, strength: 4 }, 4)).toBe(2); // 4 <= 1/3 of 12
    expect(rollAp(rules, { ...medium, ensnared: true }, 4)).toBe(1);
    expect(rollAp(rules, { ...medium, offBalance: true }, 4)).toBe(2);
  });

  it('never fall below 0', () => {
    expect(rollAp(rules, { ...medium, ensnared: true, strength: 2 }, 1)).toBe(0);
  });

  it('heavyApModifier and lightApBonus change the type modifiers', () => {
    const r2 = compileRules(parseDuelOptions({ heavyApModifier: -1, lightApBonus: 2 }));
    expect(rollAp(r2, { ...medium, type: HEAVY }, 4)).toBe(3);
    expect(rollAp(r2, { ...medium, type: LIGHT }, 4)).toBe(6);
  });

  it('with 0 AP the only action is to end the turn', () => {
    expect(g.legalActions(scene({ ap: 0 }), 0)).toEqual([END_TURN]);
  });

  it('unspent AP is lost: ending the turn hands the foe a fresh roll', () => {
    const s = scene({ ap: 5, rolls: [2] });
    const next = play(s, END_TURN);
    expect(next.current).toBe(1);
    expect(next.ap).toBe(2);
    expect(next.turn).toBe(2);
    expect(next.struck).toBe(false);
  });
});

describe('wound levels', () => {
  const rules = compileRules(parseDuelOptions({}));
  it('lightly wounded at <= floor(2/3 start), badly at <= floor(1/3 start)', () => {
    const at = (strength: number, start: number) => woundLevel(rules, { ...makeGladiator(1, 0, 0, start), strength });
    expect([12, 9, 8, 5, 4, 1].map((x) => at(x, 12))).toEqual([0, 0, 1, 1, 2, 2]);
    // Start 7: floor(4.67) = 4 and floor(2.33) = 2.
    expect([5, 4, 3, 2].map((x) => at(x, 7))).toEqual([0, 1, 1, 2]);
  });
});

describe('movement', () => {
  const apart = { g1: { cell: CENTRE + 3 } }; // foe 3 hexes east

  it('a forward step costs 1 AP and keeps facing', () => {
    const s = scene({ ...apart, ap: 3 });
    const after = play(s, STEP_FORWARD);
    expect(after.g0.cell).toBe(neighbour(s, CENTRE, E));
    expect(after.g0.facing).toBe(E);
    expect(after.ap).toBe(2);
  });

  it('a step into any other neighbour costs 2 AP and keeps facing', () => {
    const s = scene({ ...apart, ap: 3 });
    const after = play(s, STEP + 2); // relative side 2 = right-back = SW when facing E
    expect(after.g0.cell).toBe(neighbour(s, CENTRE, SW));
    expect(after.g0.facing).toBe(E);
    expect(after.ap).toBe(1);
    expect(g.legalActions(after, 0)).toEqual([END_TURN, STEP_FORWARD, PIVOT_LEFT, PIVOT_RIGHT]);
  });

  it('a pivot costs 1 AP and turns one hexside', () => {
    const s = scene({ ...apart, ap: 2 });
    expect(play(s, PIVOT_RIGHT).g0.facing).toBe(SE);
    expect(play(s, PIVOT_LEFT).g0.facing).toBe(NE);
    expect(play(s, PIVOT_LEFT, PIVOT_LEFT).g0.facing).toBe(4);
    expect(play(s, PIVOT_LEFT).ap).toBe(1);
  });

  it('one gladiator per hex: no step into the foe', () => {
    const s = scene({ ap: 6 }); // foe adjacent, east, in front
    expect(g.legalActions(s, 0)).not.toContain(STEP_FORWARD);
  });

  it('walls stop movement', () => {
    const s = scene({ g0: { cell: 3 * 11 + 10, facing: E }, g1: { cell: 0 }, ap: 6 }); // east wall
    expect(g.legalActions(s, 0)).not.toContain(STEP_FORWARD);
    expect(g.legalActions(s, 0)).toContain(STEP + 3); // back, away from the wall
  });

  it('zone of control: an adjacent gladiator cannot step straight round his foe', () => {
    // Foe adjacent to the east. NE and SE of us are also adjacent to him: forbidden.
    const s = scene({ ap: 6 });
    const legal = g.legalActions(s, 0);
    expect(legal).not.toContain(STEP + 1); // right-front = SE
    expect(legal).not.toContain(STEP + 5); // left-front = NE
    expect(legal).toContain(STEP + 2); // right-back = SW, not adjacent to the foe
    expect(legal).toContain(STEP + 3);
    expect(legal).toContain(STEP + 4);
  });

  it('zone of control: step back first, then around to his side', () => {
    // The text's example: to go from one hex next to him to another, first step back
    // so there is an empty hex between you. We stand W of him; his NW hex is blocked.
    const s = scene({ g1: { cell: CENTRE, facing: W }, g0: { cell: neighbour(scene(), CENTRE, W), facing: E }, ap: 6 });
    const before = g.legalActions(s, 0);
    expect(before).not.toContain(STEP + 5); // NE of us is adjacent to him: blocked
    const back = play(s, STEP + 4); // left-back = NW: not adjacent to him
    expect(s.rules.dist[back.g0.cell * s.rules.size + s.g1.cell]).toBe(2);
    const round = play(back, STEP_FORWARD); // into his NW hex, a different contact hex
    expect(round.g0.cell).toBe(neighbour(s, CENTRE, NW));
    expect(round.ap).toBe(3);
  });

  it('stepping into contact is allowed from outside the zone', () => {
    const s = scene({ g1: { cell: CENTRE + 2 }, ap: 1 });
    const after = play(s, STEP_FORWARD);
    expect(after.rules.dist[after.g0.cell * after.rules.size + after.g1.cell]).toBe(1);
  });
});

describe('turn cap', () => {
  it('ends a stalled fight as a draw after turnCap turns', () => {
    let s = scene({ options: { turnCap: 4 }, g1: { cell: CENTRE + 4 } });
    for (let i = 0; i < 3; i++) {
      s = play(s, END_TURN);
      expect(g.isTerminal(s)).toBe(false);
    }
    expect(s.turn).toBe(4);
    s = play(s, END_TURN);
    expect(g.isTerminal(s)).toBe(true);
    expect(g.returns(s)).toEqual([0.5, 0.5]);
    expect(g.tags(s).endReason).toBe('turn cap');
    expect(g.tags(s).winnerType).toBe(null);
  });
});

describe('game contract', () => {
  it('only the mover has actions; an illegal action throws', () => {
    const s = scene();
    expect(g.legalActions(s, 1)).toEqual([]);
    expect(() => g.apply(s, [42])).toThrow(/illegal/);
    expect(() => g.apply(s, [STRIKE + 32])).toThrow(/illegal/); // not a shifted alias of a legal bit
    expect(() => g.apply(s, [1.5])).toThrow(/illegal/);
    expect(() => g.apply(s, [-1])).toThrow(/illegal/);
  });

  it('legal-action lists are frozen', () => {
    const legal = g.legalActions(scene(), 0) as number[];
    expect(Object.isFrozen(legal)).toBe(true);
    expect(() => legal.push(1)).toThrow();
  });

  it('tags name the types, strengths, end reason, winner type, first mover and turns', () => {
    const s = scene({ g0: { type: HEAVY, startStrength: 11 }, g1: { strength: 1 }, rolls: [6, 1, 1] });
    const over = play(s, STRIKE);
    expect(g.tags(over)).toMatchObject({ type0: 'heavy', type1: 'medium', strength0: 11, strength1: 10, endReason: 'dead', winnerType: 'heavy', firstMover: 0, turns: 1 });
  });

  it('evaluate favours the healthier gladiator and sums to 1', () => {
    const v = g.evaluate!(scene({ g1: { strength: 3 } }));
    expect(v[0]).toBeGreaterThan(0.5);
    expect(v[0]! + v[1]!).toBeCloseTo(1);
  });

  it('encoder: the legal mask matches legalActions and the observation is finite', () => {
    const enc = g.encoder!;
    const s = scene({ g1: { ensnared: true } });
    const mask = new Float32Array(enc.actionCount);
    enc.legalMask(s, 0, mask);
    const fromMask = [...mask].flatMap((m, i) => (m ? [i] : []));
    expect(fromMask).toEqual([...g.legalActions(s, 0)]);
    const obs = new Float32Array(enc.observationSize);
    enc.encode(s, 0, obs);
    expect(obs.every((x) => Number.isFinite(x))).toBe(true);
    expect(enc.actionIndex(STRIKE, s, 0)).toBe(STRIKE);
  });

  it('describes states and actions readably', () => {
    expect(g.describeState(scene())).toMatch(/seat 1 to move with 6 AP/);
    expect(g.describeAction(scene(), 0, STEP + 3)).toBe('seat 1: step back');
  });
});

