import { describe, expect, it } from 'vitest';
import { defineFlow, END_TURN, GAME_OVER, fixedOrder, orderByStat, othersFrom, passLeft, setAt, type FlowFields } from '../../src/core/flow.js';
import { deepFreeze } from './contract.js';

/**
 * A tiny flow to test the engine: each turn has phases `a` (one move), `b` (moves until
 * the player says 0) and an optional `c`; a move of 9 in `a` opens a window asking the
 * others once; 7 in that window takes the offer.
 */
interface S extends FlowFields<number | string> {
  readonly n: number;
  readonly log: readonly string[];
  readonly stat: readonly number[];
  readonly skipC: boolean;
  readonly rounds: number;
}
function makeFlow(order: 'fixed' | 'stat' | 'pass' = 'fixed', namedPhases = false) {
  const players = (s: S) => s.n;
  const turnOrder =
    order === 'fixed' ? fixedOrder(players) : order === 'stat' ? orderByStat(players, (s, p) => s.stat[p]!) : passLeft(players, () => 1, (s) => s.log.at(-1) !== 'a:0:5');
  const flow = defineFlow<S, number>({
    game: 'flow-test',
    namedPhases,
    turnOrder,
    first: 'a',
    phases: {
      a: {
        moves: () => [5, 9],
        play(d, p, x) {
          d.log = [...d.log, `a:${p}:${x}`];
          if (x === 9) flow.openWindow(d, 'offer', othersFrom(p, d.n), p);
        },
        next: 'b',
      },
      b: {
        moves: () => [0, 1],
        play(d, p, x) {
          d.log = [...d.log, `b:${p}:${x}`];
        },
        endIf: (s) => s.log.at(-1)!.endsWith(':0'),
        next: (s) => (s.skipC ? END_TURN : 'c'),
      },
      c: {
        onBegin(d) {
          d.log = [...d.log, `c-begin:${d.current}`];
        },
        skipIf: (s) => s.current === 0,
        moves: () => [3],
        play(d, p) {
          d.log = [...d.log, `c:${p}`];
        },
      },
    },
    windows: {
      offer: {
        moves: () => [0, 7],
        play(d, p, x, opener) {
          d.log = [...d.log, `offer:${p}:${x}:from${opener}`];
          return x === 7;
        },
        onClose(d, by) {
          d.log = [...d.log, `closed:${by}`];
        },
      },
    },
    onRoundEnd(d) {
      d.log = [...d.log, `round-end:${d.round}`];
    },
    endIf: (s) => s.round >= s.rounds,
    onEnd(d) {
      d.log = [...d.log, 'over'];
    },
  });
  return flow;
}
/** A two-phase flow whose first move opens a window and chooses phase `c` with goto. */
function defineFlowGotoProbe() {
  const f = defineFlow<S, number>({
    game: 'flow-test',
    turnOrder: fixedOrder((s: S) => s.n),
    first: 'a',
    phases: {
      a: {
        moves: () => [9],
        play(d, p) {
          f.openWindow(d, 'offer', othersFrom(p, d.n));
          f.goto(d, 'c');
        },
        next: 'b',
      },
      b: { moves: () => [0], play() {} },
      c: { moves: () => [3], play() {} },
    },
    windows: { offer: { moves: () => [0, 7], play: (_d, _p, x) => x === 7 } },
    endIf: (s) => s.round >= s.rounds,
  });
  return f;
}

function start(flow: ReturnType<typeof makeFlow>, extra: Partial<S> = {}): S {
  return deepFreeze(flow.begin({ ...flow.initial(), n: 3, log: [], stat: [1, 3, 2], skipC: false, rounds: 1, ...extra }));
}
function play(flow: ReturnType<typeof makeFlow>, s: S, actions: number[]): S {
  for (const a of actions) {
    const movers = flow.toMove(s);
    expect(movers.length).toBe(1);
    expect(flow.legalActions(s, movers[0]!)).toContain(a);
    s = deepFreeze(flow.apply(s, [a]));
  }
  return s;
}

describe('flow: phases, turns, rounds', () => {
  it('runs the phases of each turn in order, seat by seat, and ends the game', () => {
    const flow = makeFlow();
    let s = start(flow);
    expect(flow.decision(s)).toEqual({ player: 0, name: 'a', window: false });
    // seat 0: a, b (two moves: 1 keeps b open, 0 ends it), c skipped for seat 0
    s = play(flow, s, [5, 1, 0]);
    expect(flow.decision(s)).toEqual({ player: 1, name: 'a', window: false });
    // seat 1: a, b, c (onBegin logs), seat 2 likewise
    s = play(flow, s, [5, 0, 3, 5, 0, 3]);
    expect(flow.isOver(s)).toBe(true);
    expect(flow.toMove(s)).toEqual([]);
    expect(s.log).toEqual([
      'a:0:5', 'b:0:1', 'b:0:0', 'c-begin:0', 'a:1:5', 'b:1:0', 'c-begin:1', 'c:1', 'a:2:5', 'b:2:0', 'c-begin:2', 'c:2', 'round-end:0', 'over',
    ]);
    expect(s.steps).toBe(9);
  });

  it('a next function can end the turn', () => {
    const flow = makeFlow();
    const s = play(flow, start(flow, { skipC: true }), [5, 0]);
    expect(flow.decision(s)).toEqual({ player: 1, name: 'a', window: false });
  });

  it('orders turns by a stat (highest first)', () => {
    const flow = makeFlow('stat');
    const s = start(flow, { skipC: true });
    expect(s.order).toEqual([1, 2, 0]);
    expect(flow.toMove(s)).toEqual([1]);
  });

  it('passes left from the leader while the condition holds', () => {
    const flow = makeFlow('pass');
    let s = start(flow, { skipC: true, rounds: 5 });
    expect(flow.toMove(s)).toEqual([1]);
    s = play(flow, s, [5, 0]);
    expect(flow.toMove(s)).toEqual([2]);
    s = play(flow, s, [5, 0, 5, 0]); // seat 2, then seat 0 plays 5: the pass stops, a new round starts at the leader
    expect(s.round).toBe(1);
    expect(flow.toMove(s)).toEqual([1]);
  });
});

describe('flow: response windows (others once, in order)', () => {
  it('asks each other player once, from the left, then resumes the phase', () => {
    const flow = makeFlow();
    let s = play(flow, start(flow), [9]);
    expect(flow.decision(s)).toEqual({ player: 1, name: 'offer', window: true });
    expect(flow.legalActions(s, 1)).toEqual([0, 7]);
    s = play(flow, s, [0]);
    expect(flow.toMove(s)).toEqual([2]);
    s = play(flow, s, [0]);
    expect(s.log.slice(-3)).toEqual(['offer:1:0:from0', 'offer:2:0:from0', 'closed:-1']);
    expect(flow.decision(s)).toEqual({ player: 0, name: 'b', window: false });
  });

  it('closes at the first taker: nobody after it is asked', () => {
    const flow = makeFlow();
    let s = play(flow, start(flow), [5, 0, 5, 0, 3]); // to seat 2's turn
    s = play(flow, s, [9]);
    expect(flow.toMove(s)).toEqual([0]); // seat 2's left is seat 0
    s = play(flow, s, [7]);
    expect(s.log.slice(-2)).toEqual(['offer:0:7:from2', 'closed:0']);
    expect(flow.decision(s)).toEqual({ player: 2, name: 'b', window: false });
  });

  it('a goto made by a move that opens a window is taken once the window closes', () => {
    const flow = makeFlow();
    // Phase b with action 1 keeps b open; here a `goto` from a window-opening move must survive the window.
    const s0 = start(flow);
    const withGoto = defineFlowGotoProbe();
    let s = withGoto.begin({ ...withGoto.initial(), n: 3, log: [], stat: [1, 3, 2], skipC: false, rounds: 1 } as S);
    s = withGoto.apply(s, [9]); // opens the offer window and chooses phase c
    expect(withGoto.decision(s)).toEqual({ player: 1, name: 'offer', window: true });
    s = withGoto.apply(withGoto.apply(s, [0]), [0]);
    expect(withGoto.decision(s)).toEqual({ player: 0, name: 'c', window: false });
    expect(flow.decision(s0)!.name).toBe('a');
  });

  it('never mutates the state it is given', () => {
    const flow = makeFlow();
    const s = start(flow);
    const before = JSON.stringify(s);
    flow.apply(s, [9]);
    expect(JSON.stringify(s)).toBe(before);
  });

  it('holds the phase by index, or by name with namedPhases (boardgame.io ctx.phase); over and round-end are reserved names', () => {
    const byIndex = makeFlow();
    const flow = makeFlow('fixed', true);
    let s = start(flow);
    let t = start(byIndex);
    expect([s.phase, t.phase]).toEqual(['a', 0]);
    expect(flow.phaseAt(s)).toBe(0);
    s = play(flow, s, [5]);
    t = play(byIndex, t, [5]);
    expect([s.phase, t.phase]).toEqual(['b', 1]);
    expect(flow.phaseAt(s)).toBe(1);
    s = play(flow, s, [0, 5, 0, 3, 5, 0, 3]);
    t = play(byIndex, t, [0, 5, 0, 3, 5, 0, 3]);
    expect([s.phase, t.phase]).toEqual(['over', GAME_OVER]);
    expect(flow.phaseAt(s)).toBe(-1);
    expect({ ...s, phase: 0 }).toEqual({ ...t, phase: 0 }); // the same play either way
    expect(() => defineFlow<S, number>({ game: 'x', turnOrder: fixedOrder(() => 1), first: 'over', phases: { over: { moves: () => [0], play() {} } }, endIf: () => false })).toThrow(
      /phase name "over" is reserved/,
    );
  });

  it('names unknown phases and windows', () => {
    const flow = makeFlow();
    expect(() => flow.phaseIndex('z')).toThrow(/unknown phase "z"; allowed: a, b, c/);
    expect(() => flow.windowIndex('z')).toThrow(/unknown window "z"; allowed: offer/);
  });
});

describe('flow helpers', () => {
  it('othersFrom goes round the table from the left', () => {
    expect(othersFrom(2, 4)).toEqual([3, 0, 1]);
  });
  it('setAt copies on write and shares when nothing changes', () => {
    const a = Object.freeze([1, 2, 3]);
    expect(setAt(a, 1, 2)).toBe(a);
    expect(setAt(a, 1, 5)).toEqual([1, 5, 3]);
  });
});
