/**
 * A reusable check that a game meets the Game contract (src/core/game.ts), by playing
 * seeded random games on deep-frozen states. Any game's tests can call it:
 *
 *   checkGameContract(myGame, myGame.optionsSchema.parse({}), { games: 20, chance: true });
 */
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import type { AnyGame } from '../../src/core/game.js';
import { RESERVED_TAG_ALIASES } from '../../src/core/facts.js';
import { Rng } from '../../src/core/rng.js';
import { applyListening, recordTags, listenerNames, listenersFor } from '../../src/core/listeners.js';
import { createAgent } from '../../agents/index.js';

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
  /**
   * Decisions per game (in the first two games) at which a seeded search agent
   * (`agent`) decides from the true observation and from the observation of a consistent
   * re-deal of the hidden part; the two decisions must agree. 0 skips it.
   */
  readonly agentChecks?: number;
  /** The agent spec for `agentChecks` (default a small IS-MCTS). */
  readonly agent?: string;
}

/** `a` and `b` equal, ignoring their top-level `rng` (the in-state stream, which no observer knows). */
function equalBesidesStream(a: unknown, b: unknown): boolean {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return isDeepStrictEqual(a, b);
  return isDeepStrictEqual({ ...(a as object), rng: 0 }, { ...(b as object), rng: 0 });
}

/**
 * `state` with another future of its in-state stream (its top-level `rng`, the convention
 * of every Crucible game): a truth no player can tell from `state`.
 */
function withNewStream<T>(state: T, seed: number): T {
  if (state === null || typeof state !== 'object' || typeof (state as { rng?: unknown }).rng !== 'number') return state;
  return { ...state, rng: new Rng(seed ^ 0x5bd1e995).u32() | 0 };
}

/** The value at a dotted path of an object. */
function at(root: unknown, path: string): unknown {
  let v = root;
  for (const k of path.split('.')) v = v === null || typeof v !== 'object' ? undefined : (v as Record<string, unknown>)[k];
  return v;
}

/**
 * The game's declared facts, tags schema and option docs agree with what it does.
 * Called by `checkGameContract`; `returnsSeen` are the return vectors of its games.
 */
function checkFacts(game: AnyGame, options: object, returnsSeen: readonly (readonly number[])[], tagsSeen: readonly object[]): void {
  const f = game.facts;
  expect(f, `${game.id}: declares no facts`).toBeDefined();
  if (!f) return;
  expect(f.information === 'perfect', `${game.id}: facts.information vs perfectInformation`).toBe(game.perfectInformation);
  expect(f.simultaneous, `${game.id}: facts.simultaneous`).toBe(game.simultaneous);
  const n = game.numPlayers(options);
  expect(n >= f.players.min && n <= f.players.max, `${game.id}: ${n} players outside facts.players`).toBe(true);
  const sums = returnsSeen.map((r) => r.reduce((a, b) => a + b, 0));
  if (f.utility === 'zero-sum') for (const x of sums) expect(x, `${game.id}: zero-sum returns sum to 1`).toBeCloseTo(1, 9);
  if (f.utility === 'constant-sum') for (const x of sums) expect(x, `${game.id}: constant-sum returns`).toBeCloseTo(sums[0]!, 9);
  for (const t of tagsSeen) {
    for (const [alias, name] of Object.entries(RESERVED_TAG_ALIASES)) expect(alias in t, `${game.id}: tag "${alias}" should be the shared name "${name}"`).toBe(false);
    if (game.tagsSchema) {
      const r = game.tagsSchema.safeParse(t);
      expect(r.success, `${game.id}: tags do not match tagsSchema: ${r.success ? '' : JSON.stringify(r.error.issues[0])}`).toBe(true);
    }
  }
  // The documented defaults are the schema's defaults (null documents a derived or absent default).
  const defaults = game.optionsSchema.parse({});
  for (const doc of game.optionDocs) if (doc.default !== undefined && doc.default !== null) expect(at(defaults, doc.path), `${game.id}: optionDocs default of ${doc.path}`).toEqual(doc.default);
}

/** Plays random games checking every rule of the contract at every step. */
export function checkGameContract(game: AnyGame, options: object, check: ContractCheck = {}): void {
  const { games = 20, seed = 1, maxSteps = 100_000, chance = false, agentChecks = 0, agent = 'mcts:iterations=24' } = check;
  const returnsSeen: (readonly number[])[] = [];
  const tagsSeen: object[] = [];
  const players = game.numPlayers(options);
  expect(game.optionsSchema.parse({})).toBeTruthy();
  expect(game.optionDocs.every((d) => d.path.length > 0 && d.description.length > 0)).toBe(true);
  for (let g = 0; g < games; g++) {
    const rng = new Rng(seed + g);
    // Same seed, same moves → same states: setup and apply are pure.
    const replay = game.setup(options, seed + g);
    let state = deepFreeze(game.setup(options, seed + g));
    expect(replay).toEqual(state);
    // The game's listeners — its own and every named one a study may attach — hear the real line of
    // play, as the runner's would: the tags checked below are a record's with all of them.
    const listener = listenersFor(game, listenerNames(game));
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
        // OpenSpiel's resample test: a sampled state shows p exactly what p observed.
        expect(equalBesidesStream(game.observe(det, p), obs), `${game.id}: observe(determinize(obs)) differs from obs (step ${steps})`).toBe(true);
        // No peeking: the worlds p's agent samples depend only on what p may know. `other`
        // is another truth p cannot tell from this one (hidden cards re-dealt, a new dice
        // stream); determinizing from either observation with the same rng gives the same world.
        const other = withNewStream(game.determinize(obs, p, new Rng(seed + g + 7777 * (steps + 1))), seed + g + steps);
        const otherObs = game.observe(other, p);
        const mine = game.determinize(obs, p, new Rng(99 + steps));
        const theirs = game.determinize(otherObs, p, new Rng(99 + steps));
        expect(isDeepStrictEqual(mine, theirs), `${game.id}: determinize depends on hidden state (dice stream or hidden cards) at step ${steps}`).toBe(true);
        if (g < 2 && steps < agentChecks && legal.length > 1) {
          const decide = (o: unknown) => createAgent(agent, game, new Rng(seed + g + steps)).act({ game, options, obs: o, player: p, legal });
          expect(game.actionKey(decide(otherObs)), `${game.id}: ${agent} decides differently when hidden parts are re-dealt (step ${steps})`).toEqual(game.actionKey(decide(obs)));
        }
        const action = legal[rng.int(legal.length)];
        expect(typeof game.describeAction(state, p, action)).toBe('string');
        return action;
      });
      expect(typeof game.describeState(state)).toBe('string');
      deepFreeze(joint);
      const next = deepFreeze(applyListening(game, state, joint, listener));
      // The unchecked apply of random playouts is the same transition.
      if (game.applyUnchecked) expect(game.applyUnchecked(state, joint), `${game.id}: applyUnchecked differs from apply`).toEqual(next);
      twin = game.apply(twin, joint);
      expect(twin).toEqual(next);
      state = next;
      if (++steps > maxSteps) throw new Error(`${game.id}: random game ${g} exceeded ${maxSteps} steps`);
    }
    if (chance && steps > 0) expect(resampled, `${game.id}: determinize never re-sampled the random stream in game ${g}`).toBe(true);
    const returns = game.returns(state);
    returnsSeen.push(returns);
    tagsSeen.push(recordTags(game, state, listener));
    expect(returns.length).toBe(players);
    for (const r of returns) expect(r >= 0 && r <= 1).toBe(true);
    expect(game.moveCount(state)).toBeGreaterThanOrEqual(0);
    expect(typeof game.tags(state)).toBe('object');
  }
  checkFacts(game, options, returnsSeen, tagsSeen);
}

/** True when `value` holds the number `n` anywhere in its object graph (typed arrays included). */
function holdsNumber(value: unknown, n: number, seen = new Set<object>()): boolean {
  if (typeof value === 'number') return value === n;
  if (value === null || typeof value !== 'object' || seen.has(value)) return false;
  seen.add(value);
  if (ArrayBuffer.isView(value)) return Array.prototype.includes.call(value, n);
  for (const v of Object.values(value as object)) if (holdsNumber(v, n, seen)) return true;
  return false;
}

/**
 * No observation carries the true random stream (DESIGN.md, "Hidden information"): at
 * every decision of seeded random games, the observation of each mover (1) is the same
 * for a twin state that differs only in the future of its stream, so nothing in it can
 * tell one future roll from another, and (2) holds the stream's current value nowhere,
 * not even copied into a nested field. Games without a top-level numeric `rng` (the
 * stream's place in every Crucible game) pass trivially.
 */
export function checkObservationHidesStream(game: AnyGame, options: object, check: { games?: number; seed?: number } = {}): void {
  const { games = 3, seed = 1 } = check;
  for (let g = 0; g < games; g++) {
    const rng = new Rng(seed + g);
    let state = game.setup(options, seed + g);
    for (let steps = 0; !game.isTerminal(state); steps++) {
      const movers = game.toMove(state);
      const stream = (state as { rng?: unknown }).rng;
      const twin = withNewStream(state, seed + g + 31 * steps);
      for (const p of movers) {
        const obs = game.observe(state, p);
        expect(isDeepStrictEqual(obs, game.observe(twin, p)), `${game.id}: the observation of player ${p} shows the random stream (game ${g}, step ${steps})`).toBe(true);
        // A small stream value could equal an ordinary field by chance; a 32-bit one cannot.
        if (typeof stream === 'number' && Math.abs(stream) >= 1 << 16 && steps % 4 === 0)
          expect(holdsNumber(obs, stream), `${game.id}: the observation of player ${p} holds the stream ${stream} (game ${g}, step ${steps})`).toBe(false);
      }
      state = game.apply(state, movers.map((p) => { const legal = game.legalActions(state, p); return legal[rng.int(legal.length)]; }));
      if (steps > 100_000) throw new Error(`${game.id}: random game ${g} exceeded 100000 steps`);
    }
  }
}

export interface RefusalCheck {
  readonly games?: number;
  readonly seed?: number;
  /** Foreign moves tried per decision. */
  readonly tries?: number;
  /**
   * For a game whose `apply` accepts rule-legal moves beyond its finite menu (Rumble's
   * concrete allocations and bids): the kind of a move (e.g. its `t`). A foreign move
   * off the menu must then be refused only when no legal move has its kind; one of a
   * listed kind is judged by the game's own validation (refused in one line, or played).
   */
  readonly kindOf?: (action: unknown) => string;
}

/**
 * `apply` refuses a move that is not legal in the state it is given (DESIGN.md,
 * "Strict"): seeded random games feed each mover moves that were legal in earlier states
 * of the same game or in other games of the run ("foreign" moves) and are not among its
 * legal moves now. Each must be refused with a one-line error naming it (its `actionKey`,
 * or for games with `kindOf` at least one line), and the state must stay untouched (deep-
 * frozen). Returns how many foreign moves were refused, so a test can check it tried some.
 */
export function checkRefusesForeignMoves(game: AnyGame, options: object, check: RefusalCheck = {}): number {
  const { games = 3, seed = 1, tries = 3, kindOf } = check;
  const pool: unknown[] = [];
  let refused = 0;
  for (let g = 0; g < games; g++) {
    const rng = new Rng(seed + g);
    let state = deepFreeze(game.setup(options, seed + g));
    for (let steps = 0; !game.isTerminal(state); steps++) {
      const movers = game.toMove(state);
      const joint = movers.map((p) => {
        const legal = game.legalActions(state, p);
        return legal[rng.int(legal.length)];
      });
      for (let i = 0; i < movers.length && pool.length > 0; i++) {
        const p = movers[i]!;
        const legal = game.legalActions(state, p);
        const keys = new Set(legal.map((a: unknown) => game.actionKey(a)));
        const kinds = kindOf ? new Set(legal.map(kindOf)) : null;
        for (let t = 0; t < tries; t++) {
          const foreign = pool[rng.int(pool.length)];
          const key = game.actionKey(foreign);
          if (keys.has(key)) continue; // legal here too
          const tried = joint.slice();
          tried[i] = deepFreeze(foreign);
          let error: unknown = null;
          try {
            game.apply(state, tried);
          } catch (e) {
            error = e;
          }
          if (kinds && kinds.has(kindOf!(foreign))) {
            if (error !== null) expect((error as Error).message, `${game.id}: a refusal is one line`).not.toContain('\n');
            continue;
          }
          expect(error, `${game.id}: apply accepted move ${String(key)} of player ${p}, not legal at step ${steps} of game ${g} (legal: ${[...keys].slice(0, 8).join(', ')})`).not.toBeNull();
          const message = (error as Error).message;
          expect(message, `${game.id}: a refusal is one line`).not.toContain('\n');
          if (!kindOf) expect(message, `${game.id}: the refusal names the move`).toContain(String(key));
          refused++;
        }
      }
      for (const a of joint) if (pool.length < 256) pool.push(a);
      else pool[rng.int(pool.length)] = a;
      state = deepFreeze(game.apply(state, deepFreeze(joint)));
      if (steps > 100_000) throw new Error(`${game.id}: random game ${g} exceeded 100000 steps`);
    }
  }
  return refused;
}
