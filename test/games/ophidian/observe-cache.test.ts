/**
 * Ophidian's `observe` keeps the last zones each seat observed and what it saw of them
 * (core's `ZonesObserver`, held by index.ts: a search's heuristic rollouts observe state after
 * state that share one zones object; test/core/zones-observer.test.ts checks it on its own). An observation must still be exactly what the seat may know of
 * the state at hand — "Hands are seen by their owner, the Arsenal order by nobody,
 * everything in play by all" — whatever was observed before it, by whom, and in what
 * order; and observing never writes to the state (deep-frozen states).
 */
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../core/contract.js';
import { Rng, UNSEEN_STREAM } from '../../../src/core/rng.js';
import { observeZones } from '../../../src/core/zones.js';
import { ophidian } from '../../../src/games/ophidian/index.js';
import type { OphidianState } from '../../../src/games/ophidian/state.js';

/** The observation by its definition, with nothing remembered. */
const fresh = (s: OphidianState, p: number): OphidianState => ({ ...s, zones: observeZones(s.zones, p), rng: UNSEEN_STREAM });

describe('Ophidian observations with the last observed zones kept', () => {
  it('equal a fresh observation at every step, for both seats, in any order', () => {
    const options = ophidian.optionsSchema.parse({});
    const rng = new Rng(4);
    for (let g = 0; g < 1; g++) {
      let s = deepFreeze(ophidian.setup(options, 100 + g));
      const seen: OphidianState[] = [s];
      for (let step = 0; step < 150 && !ophidian.isTerminal(s); step++) {
        // The current state by both seats, then an earlier one (another zones object), then the current again.
        const old = seen[rng.int(seen.length)]!;
        for (const [state, p] of [[s, 0], [s, 1], [old, 1], [s, 1], [old, 0], [s, 0]] as const) {
          expect(ophidian.observe(state, p)).toEqual(fresh(state, p));
        }
        const [mover] = ophidian.toMove(s);
        const legal = ophidian.legalActions(s, mover!);
        s = deepFreeze(ophidian.apply(s, [legal[rng.int(legal.length)]!]));
        seen.push(s);
      }
    }
  });

  it('equal a fresh observation of determinized worlds, whose hidden piles are new arrays and the rest the same', () => {
    // A search observes a fresh determinization each iteration: only the re-dealt zones change.
    const options = ophidian.optionsSchema.parse({});
    const rng = new Rng(9);
    let s = deepFreeze(ophidian.setup(options, 7));
    for (let step = 0; step < 120 && !ophidian.isTerminal(s); step++) {
      const [mover] = ophidian.toMove(s);
      const world = deepFreeze(ophidian.determinize(ophidian.observe(s, mover!), mover!, rng));
      for (const [state, p] of [[world, 1 - mover!], [world, mover!], [s, 0], [world, 0], [s, 1], [world, 1]] as const) {
        expect(ophidian.observe(state, p)).toEqual(fresh(state, p));
      }
      const legal = ophidian.legalActions(s, mover!);
      s = deepFreeze(ophidian.apply(s, [legal[rng.int(legal.length)]!]));
    }
  });
});
