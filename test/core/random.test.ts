import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Dice } from '../../src/core/dice.js';
import { defineFlow, fixedOrder, setAt, type Draft, type Flow, type FlowFields } from '../../src/core/flow.js';
import { drawFrom, freshStream, random, recordDraws, scriptDice, settle, unrolled, type Streamed } from '../../src/core/random.js';
import { Rng } from '../../src/core/rng.js';
import { deepFreeze } from './contract.js';

/**
 * A dice race on the flow: on his turn a player rolls (1: one d6, 2: two d6 and a shuffle
 * of [1, 2, 3] for the tie-break order, 0: nothing); a roll of 6 opens a window asking the
 * other player whether to reroll his last die. First to 20 wins.
 */
interface Race extends FlowFields {
  readonly totals: readonly number[];
  readonly last: readonly number[];
  readonly rng: number;
}
const race = defineFlow<Race, number>({
  game: 'race',
  turnOrder: fixedOrder(() => 2),
  first: 'roll',
  phases: {
    roll: {
      moves: () => [0, 1, 2],
      play(d, p, n) {
        const dice = random(d);
        let got = 0;
        for (let i = 0; i < n; i++) got += dice.d(6);
        if (n === 2) dice.shuffled([1, 2, 3]);
        d.totals = setAt(d.totals, p, d.totals[p]! + got);
        d.last = setAt(d.last, p, got);
        if (got === 6) race.openWindow(d, 'reroll', [1 - p], p);
      },
    },
  },
  windows: {
    reroll: {
      moves: () => [0, 1],
      play(d, _p, yes, roller) {
        if (yes === 0) return false;
        const again = random(d).d(6); // a helper drawing on the same draft gets the same dice
        d.totals = setAt(d.totals, roller, d.totals[roller]! - d.last[roller]! + again);
        return true;
      },
    },
  },
  endIf: (s) => s.totals[0]! >= 20 || s.totals[1]! >= 20,
});
const start = (seed: number): Race => race.begin({ ...race.initial(), totals: [0, 0], last: [0, 0], rng: seed });

/** The same race written the old way: a Dice over `s.rng`, stored back by hand. */
function byHand(s: Race, move: number): { totals: number[]; rng: number } {
  const dice = new Dice(s.rng);
  const totals = s.totals.slice();
  const player = s.stack.length > 0 ? s.stack[0]!.askers[0]! : s.current;
  if (s.stack.length > 0) {
    const roller = s.stack[0]!.data;
    if (move === 1) totals[roller] = totals[roller]! - s.last[roller]! + dice.d(6);
  } else {
    let got = 0;
    for (let i = 0; i < move; i++) got += dice.d(6);
    if (move === 2) dice.shuffled([1, 2, 3]);
    totals[player] = totals[player]! + got;
  }
  return { totals, rng: dice.state };
}

/** A flow of one phase whose one move runs `play` on the draft; started with stream `rng`. */
function oneMove(play: (d: Draft<Race>) => void, rng: number): { flow: Flow<Race, number>; start: Race } {
  const flow = defineFlow<Race, number>({ game: 'probe', turnOrder: fixedOrder(() => 2), first: 'p', phases: { p: { moves: () => [0], play } }, endIf: () => false });
  return { flow, start: flow.begin({ ...flow.initial(), totals: [0, 0], last: [0, 0], rng }) };
}

describe('core random: the flow draws through random(d) and writes the stream back', () => {
  it('advances the stream exactly as a Dice over s.rng stored back by hand, over 300 seeded games', () => {
    for (let g = 0; g < 300; g++) {
      const pick = new Rng(g);
      let s = start((g * 2654435761) | 0);
      while (!race.isOver(s)) {
        deepFreeze(s);
        const p = race.toMove(s)[0]!;
        const legal = race.legalActions(s, p);
        const move = legal[pick.int(legal.length)]!;
        const expected = byHand(s, move);
        s = race.apply(s, [move]);
        expect(s.rng).toBe(expected.rng);
        expect(s.totals).toEqual(expected.totals);
      }
    }
  });

  it('leaves the stream as it was when a step draws nothing', () => {
    const s = start(42);
    expect(race.apply(s, [0]).rng).toBe(42);
  });

  it('refuses dice outside a step: in moves, on the input state, on a copy of the draft', () => {
    const s = start(1);
    expect(() => random(s)).toThrow(/not the draft of the step in progress/);
    let copied = false;
    const probe = oneMove((d) => {
      expect(() => random({ ...d })).toThrow(/not the draft/);
      copied = true;
    }, 5);
    probe.flow.apply(probe.start, [0]);
    expect(copied).toBe(true);
  });

  it('keeps each step its own dice when a hook applies another state (a nested step)', () => {
    const inner = start(7);
    let innerAfter: Race | null = null;
    const outer = oneMove((d) => {
      const a = random(d).d(6);
      innerAfter = race.apply(inner, [2]); // its own step, its own stream
      const b = random(d).d(6);
      d.totals = [a, b];
    }, 99);
    const s = outer.flow.apply(outer.start, [0]);
    const dice = new Dice(99);
    expect(s.totals).toEqual([dice.d(6), dice.d(6)]);
    expect(s.rng).toBe(dice.state);
    expect(innerAfter!.rng).toBe(byHand(inner, 2).rng);
  });
});

describe('core random: an engine with its own loop (drawFrom, settle)', () => {
  it('draws what a Dice over s.rng draws and stores where it stopped on the new state only', () => {
    const s = deepFreeze({ rng: 12345, x: 0 });
    const dice = drawFrom(s);
    const rolls = [dice.d(6), dice.d(20), dice.int(10)];
    const next = settle(dice, { rng: s.rng, x: 1 });
    const manual = new Dice(12345);
    expect(rolls).toEqual([manual.d(6), manual.d(20), manual.int(10)]);
    expect(next.rng).toBe(manual.state);
    expect(s.rng).toBe(12345);
  });

  it('re-binds one cursor per transition (no dice allocated): a settled state keeps its stream whatever is drawn next', () => {
    const a = { rng: 7 };
    const first = drawFrom(a);
    const roll = first.d(6);
    const afterA = settle(first, { rng: a.rng });
    const second = drawFrom({ rng: 99 });
    expect(second).toBe(first); // the core's one cursor, unscripted
    expect(second.d(6)).toBe(new Dice(99).d(6));
    const manual = new Dice(7);
    expect(roll).toBe(manual.d(6));
    expect(afterA.rng).toBe(manual.state);
  });
});

describe('core random: determinize re-samples the stream (freshStream)', () => {
  it('draws the future from the searcher\'s rng: the same rng the same stream, another rng another', () => {
    expect(freshStream(new Rng(3))).toBe(freshStream(new Rng(3)));
    const streams = new Set(Array.from({ length: 50 }, (_, i) => freshStream(new Rng(i))));
    expect(streams.size).toBe(50);
  });
});

describe('core random: scripted dice (tests only)', () => {
  it('gives the scripted rolls in order, then the stream\'s own dice from where they would be', () => {
    const s = scriptDice(start(11), [6, 1]);
    // Seat 0 rolls two dice: 6 + 1. The shuffle is an integer draw, never scripted.
    const after = race.apply(s, [2]);
    expect(after.totals).toEqual([7, 0]);
    // The stream moved as if it had rolled: the next step's dice are the stream's own.
    expect(after.rng).toBe(byHand(start(11), 2).rng);
    const next = race.apply(after, [1]);
    expect(next.totals[1]).toBe(new Dice(after.rng).d(6));
  });

  it('hands the rest of the script on to the states made from the scripted one, across steps and windows', () => {
    let s = scriptDice(start(5), [6, 4, 3]);
    s = race.apply(s, [1]); // seat 0 rolls 6: seat 1 is asked whether seat 0 rerolls
    expect(s.totals).toEqual([6, 0]);
    s = race.apply(s, [1]); // yes: the reroll is the script's 4
    expect(s.totals).toEqual([4, 0]);
    s = race.apply(s, [1]); // seat 1 rolls the script's 3
    expect(s.totals).toEqual([4, 3]);
  });

  it('keeps the script through steps that roll nothing: the next roll is still the script\'s next', () => {
    let s = scriptDice(start(9), [5, 2]);
    s = race.apply(s, [0]); // seat 0 rolls nothing
    s = race.apply(s, [1]); // seat 1 rolls the script's 5
    s = race.apply(s, [1]); // seat 0 the script's 2
    expect(s.totals).toEqual([2, 5]);
  });

  it('scripts only that state: its input is untouched, and a copy (an observation, a determinization) rolls the stream', () => {
    const base = deepFreeze(start(8));
    const s = scriptDice(base, [2]);
    expect(race.apply(s, [1]).totals[0]).toBe(2);
    const own = new Dice(8).d(6);
    expect(race.apply(base, [1]).totals[0]).toBe(own);
    expect(race.apply({ ...s }, [1]).totals[0]).toBe(own);
  });

  it('takes a function of the sides (every roll a 6), and refuses a face the die does not have', () => {
    const sixes = race.apply(race.apply(scriptDice(start(3), () => 6), [1]), [0]);
    expect(sixes.totals[0]).toBe(6);
    expect(() => race.apply(scriptDice(start(3), [7]), [1])).toThrow(/7 is not a face of a d6/);
  });

  it('works for an engine with its own loop: drawFrom a scripted state, settle carries the rest', () => {
    const s: Streamed & { n: number } = scriptDice({ rng: 1, n: 0 }, [3, 5]);
    const dice = drawFrom(s);
    expect(dice.d(6)).toBe(3);
    const next = settle(dice, { rng: 0, n: 1 });
    const moved = unrolled(next, { rng: next.rng, n: 2 }); // a move that rolls nothing
    expect(drawFrom(moved).d(6)).toBe(5);
  });
});

describe('core random: recordDraws', () => {
  it('returns the dice a step drew, scripted or the stream\'s own, and leaves the state as it was', () => {
    const s = start(21);
    const { result, draws } = recordDraws(s, () => race.apply(s, [2]));
    const dice = new Dice(21);
    expect(draws).toEqual([dice.d(6), dice.d(6), dice.int(3), dice.int(2)]);
    expect(result.rng).toBe(dice.state);
    expect(recordDraws(s, () => race.apply(s, [1])).draws).toEqual([new Dice(21).d(6)]);
    const scripted = scriptDice(s, [4, 4]);
    expect(recordDraws(scripted, () => race.apply(scripted, [2])).draws.slice(0, 2)).toEqual([4, 4]);
    expect(race.apply(scripted, [1]).totals[0]).toBe(4); // the script is still the state's
  });
});

describe('core random: scripted dice cannot reach real play', () => {
  /** Every .ts/.mjs file under `dir`. */
  function files(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : files(path);
      return /\.(ts|mjs)$/.test(name) ? [path] : [];
    });
  }

  it('no module outside test/ calls scriptDice (only src/core/random.ts defines it)', () => {
    const root = join(import.meta.dirname, '..', '..');
    const offenders = ['src', 'agents', 'experiments', 'bench', 'scripts', 'bin']
      .flatMap((d) => files(join(root, d)))
      .filter((f) => !f.endsWith(join('src', 'core', 'random.ts')) && readFileSync(f, 'utf8').includes('scriptDice'));
    expect(offenders).toEqual([]);
  });
});
