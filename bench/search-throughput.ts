/**
 * Search throughput (issue #30): MCTS iterations per CPU-second of the default `mcts` (the
 * bare spec, which resolves to each game's tuned settings, agents/index.ts TUNED_MCTS) on a
 * fixed, seeded sample of decision states per game, default rule options.
 *
 * A decision state is reached by seeded random play from the game's setup to a random
 * depth of that same game; states where the chosen mover has fewer than two legal actions
 * are skipped (the agent does not search there). Each decision is timed in this process's
 * CPU time (`process.cpuUsage`, user + system), so the figure holds on a loaded machine;
 * untimed decisions on another sample first warm the JIT (at least two and one CPU-second). The figure is iterations run ÷ CPU seconds
 * spent in `act`, over the whole sample.
 *
 *   node --import tsx bench/search-throughput.ts [game ids, comma-separated] [states] [seed] [spec] [warm-up CPU-s]
 *
 * prints one line per game (what `npm run bench -- search` prints for every game). The
 * warm-up (default one CPU-second) is a floor: a longer one reads a warmer search — on Rumble
 * the JIT still compiles for many CPU-seconds (src/games/rumble/README.md "Speed"), so its
 * figure after one second is far below what a long-running study's worker searches at.
 */
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { createAgent } from '../agents/index.js';
import { MctsAgent } from '../agents/mcts/search.js';
import type { AnyGame } from '../src/core/game.js';
import { randomPlayout } from '../src/core/game.js';
import { Rng } from '../src/core/rng.js';
import { GAMES, getGame } from '../src/games/index.js';
import { parseWith } from '../src/core/validate.js';

export interface SearchThroughput {
  readonly game: string;
  /** Decisions timed (states with at least two legal actions). */
  readonly decisions: number;
  /** Iterations a decision runs (the spec's budget). */
  readonly iterations: number;
  /** Iterations per CPU-second over the whole sample. */
  readonly iterationsPerCpuSecond: number;
  /** Median CPU milliseconds of one decision. */
  readonly medianCpuMs: number;
  /**
   * A hash of the moves chosen (their action keys, in sample order): equal before and after
   * a speed change exactly when the search decided the same in every sampled state.
   */
  readonly decisionsHash: string;
}

/** This process's CPU time so far, in milliseconds (user + system). */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** The `k`-th sampled decision state of the sample `seed`: a state, its mover and legal actions. */
function* decisionStates(game: AnyGame, options: object, seed: string | number): Generator<{ state: unknown; player: number; legal: readonly unknown[] }> {
  const rng = Rng.fromSeed('search-throughput', game.id, seed);
  for (;;) {
    const setupSeed = rng.u32() | 0;
    const playSeed = rng.u32();
    const length = randomPlayout(game, game.setup(options, setupSeed), new Rng(playSeed)).steps;
    const depth = rng.int(Math.max(1, length));
    const state = randomPlayout(game, game.setup(options, setupSeed), new Rng(playSeed), depth).state;
    const movers = game.toMove(state);
    if (movers.length === 0) continue;
    const player = movers[rng.int(movers.length)]!;
    const legal = game.legalActions(state, player);
    if (legal.length < 2) continue;
    yield { state, player, legal };
  }
}

/**
 * Iterations per CPU-second of `spec` (default: the bare `mcts`) on `states` decision
 * states of `game` sampled with `seed` (after two untimed warm-up decisions of another sample).
 */
export function measureSearchThroughput(game: AnyGame, opts: { states?: number; seed?: string | number; spec?: string; options?: object; warmCpuMs?: number } = {}): SearchThroughput {
  const options = parseWith(`${game.id} options`, game.optionsSchema, opts.options ?? {}) as object;
  const spec = opts.spec ?? 'mcts';
  const n = opts.states ?? 12;
  const seed = opts.seed ?? 1;
  const decide = (d: { state: unknown; player: number; legal: readonly unknown[] }, k: number): { ms: number; iterations: number; key: string } => {
    const agent = createAgent(spec, game, Rng.fromSeed('search-throughput-agent', game.id, seed, k));
    const iterations = agent instanceof MctsAgent ? agent.config.iterations : NaN;
    const obs = game.observe(d.state, d.player);
    const t0 = cpuMs();
    const move = agent.act({ game, options, obs, player: d.player, legal: d.legal });
    const ms = cpuMs() - t0;
    return { ms, iterations, key: String(game.actionKey(move)) };
  };
  // Warm the JIT on another sample: at least two decisions and one CPU-second (a cold
  // search runs several times slower than a warm one, and a long run is warm).
  const warm = decisionStates(game, options, `warm-${String(seed)}`);
  const warmFor = opts.warmCpuMs ?? 1000;
  let warmMs = 0;
  for (let k = 0; k < 2 || warmMs < warmFor; k++) warmMs += decide(warm.next().value!, -1 - k).ms;
  const times: number[] = [];
  let iterations = 0;
  let ms = 0;
  const hash = createHash('sha256');
  const sample = decisionStates(game, options, seed);
  for (let k = 0; k < n; k++) {
    const r = decide(sample.next().value!, k);
    times.push(r.ms);
    ms += r.ms;
    iterations += r.iterations;
    hash.update(`${r.key}\n`);
  }
  times.sort((a, b) => a - b);
  const mid = n >> 1;
  return {
    game: game.id,
    decisions: n,
    iterations: iterations / n,
    iterationsPerCpuSecond: iterations / (ms / 1000),
    medianCpuMs: n % 2 ? times[mid]! : (times[mid - 1]! + times[mid]!) / 2,
    decisionsHash: hash.digest('hex').slice(0, 16),
  };
}

/** Every registered game, in registry order. */
export function throughputGames(): AnyGame[] {
  return [...GAMES];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [ids, states, seed, spec, warmSeconds] = process.argv.slice(2);
  if (warmSeconds !== undefined && !(Number(warmSeconds) >= 0)) {
    console.error(`search-throughput: warm-up is ${JSON.stringify(warmSeconds)}; allowed: CPU seconds, a number >= 0`);
    process.exit(2);
  }
  const games = ids ? ids.split(',').map((id) => getGame(id)) : throughputGames();
  for (const game of games) {
    const r = measureSearchThroughput(game, { states: states ? Number(states) : undefined, seed: seed ?? 1, spec: spec || undefined, warmCpuMs: warmSeconds ? 1000 * Number(warmSeconds) : undefined });
    console.log(`${r.game.padEnd(22)} ${Math.round(r.iterationsPerCpuSecond).toString().padStart(8)} iterations per CPU-second  (${r.decisions} decisions of ${r.iterations} iterations, median ${r.medianCpuMs.toFixed(1)} CPU ms; moves ${r.decisionsHash})`);
  }
}
