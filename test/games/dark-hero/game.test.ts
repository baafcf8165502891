/**
 * Whole games: the Game contract on every map variant, a seeded 4-hero replay, thousands
 * of random games on deep-frozen states that all end, and hidden information.
 */
import { HIDDEN } from '../../../src/core/zones.js';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng.js';
import { darkHero, type DarkHeroState } from '../../../src/games/dark-hero/index.js';
import { FACE_DOWN, MAP, PILE } from '../../../src/games/dark-hero/state.js';
import { checkGameContract, deepFreeze } from '../../core/contract.js';
import { options } from './helpers.js';

function playLog(seed: number): string[] {
  const o = options({ players: 4 });
  const rng = new Rng(seed);
  let s = darkHero.setup(o, seed);
  const log: string[] = [];
  while (!darkHero.isTerminal(s)) {
    const p = darkHero.toMove(s)[0]!;
    const legal = darkHero.legalActions(s, p);
    const a = legal[rng.int(legal.length)]!;
    log.push(`${p}: ${darkHero.describeAction(s, p, a)}`);
    s = darkHero.apply(s, [a]);
  }
  log.push(`end ${s.meter} ${darkHero.returns(s).join(',')}`);
  return log;
}

describe('the Game contract', () => {
  const variants: Record<string, unknown>[] = [
    {},
    { players: 2 },
    { players: 7, drift: 'fluctuating' },
    { map: { layout: 'random' } },
    { map: { layout: 'asymmetric' }, turns: 6 },
    { map: { layout: 'draw' }, turns: 4 },
  ];
  for (const raw of variants) {
    it(`holds for ${JSON.stringify(raw)}`, () => {
      checkGameContract(darkHero, options(raw), { games: 4, seed: 11 });
    });
  }
});

describe('replay', () => {
  it('gives the same move log for the same seed, and a different one for another seed', () => {
    const a = playLog(42);
    expect(playLog(42)).toEqual(a);
    expect(playLog(43)).not.toEqual(a);
    expect(a.length).toBeGreaterThan(48); // at least one decision per hero per turn
  });
});

describe('random games', () => {
  it('never mutate deep-frozen states and always end, with returns in the three tiers', () => {
    const variants = [options({ players: 4 }), options({ players: 10 }), options({ players: 3, drift: 'fluctuating', map: { layout: 'random' } })];
    let games = 0;
    for (const o of variants) {
      for (let g = 0; g < 700; g++) {
        const rng = new Rng(g);
        let s: DarkHeroState = deepFreeze(darkHero.setup(o, g));
        let steps = 0;
        while (!darkHero.isTerminal(s)) {
          const p = darkHero.toMove(s)[0]!;
          const legal = darkHero.legalActions(s, p);
          s = deepFreeze(darkHero.apply(s, [legal[rng.int(legal.length)]!]));
          if (++steps > 10_000) throw new Error('game did not end');
        }
        for (const r of darkHero.returns(s)) expect([0, 0.5, 1]).toContain(r);
        games++;
      }
    }
    expect(games).toBe(2100);
  });
});

describe('hidden information', () => {
  it('observation hides face-down suits and the pile order; determinize redeals them consistently, with fresh dice', () => {
    const s = darkHero.setup(options(), 9);
    const obs = darkHero.observe(s, 0);
    const map = s.zones.cards[MAP]!;
    const hiddenSlots = map.map((_, i) => i).filter((i) => s.cards[i] === FACE_DOWN);
    expect(hiddenSlots.every((i) => obs.zones.cards[MAP]![i] === HIDDEN)).toBe(true);
    expect(obs.zones.cards[PILE]!.every((c) => c === HIDDEN)).toBe(true);
    const hiddenTrue = hiddenSlots.map((i) => map[i]!).concat(s.zones.cards[PILE]!);
    expect(obs.zones.unseen).toEqual([...hiddenTrue].sort((x, y) => x - y));
    // Two observers of different true deals see the same thing.
    const other = darkHero.determinize(obs, 0, new Rng(1));
    expect({ ...darkHero.observe(other, 0), rng: 0 }).toEqual({ ...obs, rng: 0 });
    expect(other.zones.cards[MAP]).not.toEqual(map);
    // Nobody knows the future d4 rolls: the stream is re-sampled, never the true one.
    expect(other.rng).not.toBe(s.rng);
    expect(darkHero.determinize(obs, 0, new Rng(2)).rng).not.toBe(other.rng);
    const det = darkHero.determinize(obs, 0, new Rng(2));
    expect(det.cards).toEqual(s.cards);
    const dealt = hiddenSlots.map((i) => det.zones.cards[MAP]![i]!).concat(det.zones.cards[PILE]!);
    expect([...dealt].sort()).toEqual([...hiddenTrue].sort());
  });
});

describe('encoder', () => {
  it('gives fixed-size finite observations and an injective action index with a matching mask', () => {
    const enc = darkHero.encoder!;
    const obs = new Float32Array(enc.observationSize);
    const mask = new Float32Array(enc.actionCount);
    for (const raw of [{ players: 4 }, { players: 20, map: { layout: 'draw' }, turns: 3 }]) {
      const o = options(raw);
      const rng = new Rng(5);
      let s = darkHero.setup(o, 5);
      while (!darkHero.isTerminal(s)) {
        const p = darkHero.toMove(s)[0]!;
        const legal = darkHero.legalActions(s, p);
        enc.encode(darkHero.observe(s, p), p, obs);
        expect(obs.every((x) => Number.isFinite(x))).toBe(true);
        enc.legalMask(s, p, mask);
        const indices = legal.map((a) => enc.actionIndex(a, s, p));
        expect(new Set(indices).size).toBe(legal.length);
        expect(mask.reduce((a, b) => a + b, 0)).toBe(legal.length);
        for (const i of indices) expect(mask[i]).toBe(1);
        s = darkHero.apply(s, [legal[rng.int(legal.length)]!]);
      }
    }
  });

  it('version 2 marks the cards next to the observer, the card it stands on, its side of the meter and its contest odds', () => {
    const enc = darkHero.encoder!;
    const obs = new Float32Array(enc.observationSize);
    const s = darkHero.setup(options({ players: 4 }), 3);
    const slots = 560;
    const perSlot = (enc.observationSize - 55) / slots;
    expect(perSlot).toBe(11);
    for (const p of [0, 1]) {
      enc.encode(darkHero.observe(s, p), p, obs);
      const here = s.pos[p]!;
      const next = [...Array(s.cards.length).keys()].filter((slot) => obs[slot * perSlot + 10] === 1);
      expect(next).toEqual([...s.setup.board.adj[here]!]);
      const g = slots * perSlot + 43; // after meter, Bent, phase and the 19 version-1 globals
      // Goals alternate Free (3) and Safe (5); the meter starts at the Bent (1, 2, 6 or 7).
      const side = Math.sign(s.setup.target[p]! - s.meter) + 1;
      expect([0, 1, 2].map((i) => obs[g + i])).toEqual([0, 1, 2].map((i) => (i === side ? 1 : 0)));
      // Start cards are face up and Neutral (status index 6).
      expect(obs[g + 3 + 6]).toBe(1);
      // The default build F1 I1 against base 2: a d4 contest at -1 is won 3 times in 16.
      expect(obs[g + 10]).toBeCloseTo(3 / 16, 6);
      expect(obs[g + 11]).toBeCloseTo(3 / 16, 6);
    }
  });
});
