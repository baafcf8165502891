/**
 * A reusable check that a game meets the Game contract (src/core/game.ts), by playing
 * seeded random games on deep-frozen states. Any game's tests can call it:
 *
 *   checkGameContract(myGame, myGame.optionsSchema.parse({}), { games: 20, chance: true });
 */
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import type { AnyGame } from '../../src/core/game.js';
import { Rng } from '../../src/core/rng.js';

/** Freezes an object graph in place (typed arrays cannot be frozen and are skipped). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

export interface ContractCheck {
  /** Random games to play. */
  readonly games?: number;
  /** Seed of the first game; game i uses seed + i. */
  readonly seed?: number;
  /** Fail if a random game runs longer than this. */
  readonly maxSteps?: number;
  /**
   * The game has chance (dice, shuffles): then `determinize` must re-sample the state's
   * random stream (nobody knows the next roll), so two determinizations drawn with
   * different rngs must differ somewhere in each game. Otherwise search agents would
   * read the future dice from the state.
   */
  readonly chance?: boolean;
}

/** Plays random games checking every rule of the contract at every step. */
export function checkGameContract(game: AnyGame, options: object, check: ContractCheck = {}): void {
  const { games = 20, seed = 1, maxSteps = 100_000, chance = false } = check;
  const players = game.numPlayers(options);
  expect(game.optionsSchema.parse({})).toBeTruthy();
  expect(game.optionDocs.every((d) => d.path.length > 0 && d.description.length > 0)).toBe(true);
  for (let g = 0; g < games; g++) {
    const rng = new Rng(seed + g);
    // Same seed, same moves → same states: setup and apply are pure.
    const replay = game.setup(options, seed + g);
    let state = deepFreeze(game.setup(options, seed + g));
    expect(replay).toEqual(state);
    let steps = 0;
    let twin = replay;
    let resampled = false;
    for (;;) {
      const movers = game.toMove(state);
      expect(game.isTerminal(state)).toBe(movers.length === 0);
      if (movers.length === 0) break;
      if (!game.simultaneous) expect(movers.length).toBe(1);
      const joint = movers.map((p) => {
        expect(p >= 0 && p < players).toBe(true);
        const legal = game.legalActions(state, p);
        expect(legal.length).toBeGreaterThan(0);
        const keys = legal.map((a) => game.actionKey(a));
        expect(new Set(keys).size).toBe(keys.length);
        // A determinization of what p observes offers p the same choices.
        const obs = game.observe(state, p);
        const det = game.determinize(obs, p, new Rng(seed + g + 1000 * steps));
        if (chance && !resampled) resampled = !isDeepStrictEqual(det, game.determinize(obs, p, new Rng(seed + g + 1000 * steps + 1)));
        expect(game.toMove(det)).toEqual(movers);
        expect(game.legalActions(det, p).map((a: unknown) => game.actionKey(a))).toEqual(keys);
        const action = legal[rng.int(legal.length)];
        expect(typeof game.describeAction(state, p, action)).toBe('string');
        return action;
      });
      expect(typeof game.describeState(state)).toBe('string');
      deepFreeze(joint);
      const next = deepFreeze(game.apply(state, joint));
      twin = game.apply(twin, joint);
      expect(twin).toEqual(next);
      state = next;
      if (++steps > maxSteps) throw new Error(`${game.id}: random game ${g} exceeded ${maxSteps} steps`);
    }
    if (chance && steps > 0) expect(resampled, `${game.id}: determinize never re-sampled the random stream in game ${g}`).toBe(true);
    const returns = game.returns(state);
    expect(returns.length).toBe(players);
    for (const r of returns) expect(r >= 0 && r <= 1).toBe(true);
    expect(game.moveCount(state)).toBeGreaterThanOrEqual(0);
    expect(typeof game.tags(state)).toBe('object');
  }
}
