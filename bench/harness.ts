/**
 * Benchmark helpers: engine speed under random play, MCTS iterations per second, and
 * runner throughput across worker counts. Everything runs a fixed seeded workload for
 * roughly a given wall time; the clock measures, it never decides a move.
 */
import os from 'node:os';
import type { AnyGame } from '../src/core/game.js';
import { randomPlayout } from '../src/core/game.js';
import { Rng } from '../src/core/rng.js';
import { parseWith } from '../src/core/validate.js';
import { createAgent } from '../agents/index.js';
import { parseAgentSpec } from '../agents/spec.js';
import { runMatch } from '../src/sim/runner.js';
import type { MatchConfig } from '../src/sim/types.js';

export interface RandomPlayResult {
  readonly games: number;
  readonly gamesPerSec: number;
  /** Transitions (`apply` calls) per second. */
  readonly actionsPerSec: number;
  /** Mean transitions per game. */
  readonly meanLength: number;
}

function seconds(from: number): number {
  return (performance.now() - from) / 1000;
}

/**
 * Random legal play from the initial state to the end, game after game, on this thread.
 * The budget is cut into half-second slices and the best slice is reported (best-of-N
 * damps interference from other processes on a shared machine).
 */
export function measureRandomPlay(game: AnyGame, rawOptions: object, opts: { seconds?: number; seed?: number } = {}): RandomPlayResult {
  const options = parseWith(`${game.id} options`, game.optionsSchema, rawOptions) as object;
  const budget = opts.seconds ?? 2;
  const rng = new Rng(opts.seed ?? 1);
  const play = (): number => randomPlayout(game, game.setup(options, rng.u32() | 0), rng).steps;
  // Warm up the JIT before timing.
  const warm = performance.now();
  while (seconds(warm) < Math.min(0.3, budget / 4)) play();
  let best: RandomPlayResult | null = null;
  const start = performance.now();
  do {
    let games = 0;
    let steps = 0;
    const slice = performance.now();
    do {
      for (let i = 0; i < 16; i++) steps += play();
      games += 16;
    } while (seconds(slice) < 0.5);
    const elapsed = seconds(slice);
    if (!best || games / elapsed > best.gamesPerSec) best = { games, gamesPerSec: games / elapsed, actionsPerSec: steps / elapsed, meanLength: steps / games };
  } while (seconds(start) < budget);
  return best;
}

export interface MctsResult {
  readonly decisions: number;
  readonly iterationsPerSec: number;
  /** Median wall time of one decision, in milliseconds (the decisions are timed one by one). */
  readonly medianMsPerDecision: number;
  /** Mean random-playout length from the sampled decision states (what a rollout costs). */
  readonly meanRolloutLength: number;
  /** Random playouts per second from those same states (the rollouts alone, no tree). */
  readonly rolloutsPerSec: number;
}

/**
 * Decision states are sampled by random play from the start to a random depth; the
 * agent built from `spec` (an `mcts:iterations=N` spec) decides in each, timed. States
 * with a single legal action are skipped (no search happens there).
 */
export function measureMcts(game: AnyGame, rawOptions: object, spec: string, opts: { seconds?: number; seed?: number } = {}): MctsResult {
  const options = parseWith(`${game.id} options`, game.optionsSchema, rawOptions) as object;
  const iterations = Number(parseAgentSpec(spec).params['iterations'] ?? 400);
  const budget = opts.seconds ?? 3;
  const rng = new Rng(opts.seed ?? 2);
  let decisions = 0;
  let searchMs = 0;
  const times: number[] = [];
  let rolloutSteps = 0;
  let rollouts = 0;
  let rolloutMs = 0;
  const start = performance.now();
  while (seconds(start) < budget) {
    const full = randomPlayout(game, game.setup(options, rng.u32() | 0), rng);
    const depth = rng.int(Math.max(1, full.steps));
    const sampled = randomPlayout(game, game.setup(options, rng.u32() | 0), rng, depth).state;
    const movers = game.toMove(sampled);
    if (movers.length === 0) continue;
    const player = movers[0]!;
    const legal = game.legalActions(sampled, player);
    if (legal.length < 2) continue;
    const agent = createAgent(spec, game, rng.fork());
    const t = performance.now();
    agent.act({ game, options, obs: game.observe(sampled, player), player, legal });
    times.push(performance.now() - t);
    searchMs += times[times.length - 1]!;
    decisions++;
    const r = performance.now();
    for (let i = 0; i < 8; i++) {
      rolloutSteps += randomPlayout(game, sampled, rng).steps;
      rollouts++;
    }
    rolloutMs += performance.now() - r;
  }
  times.sort((a, b) => a - b);
  const mid = times.length >> 1;
  return {
    decisions,
    iterationsPerSec: (decisions * iterations) / (searchMs / 1000),
    medianMsPerDecision: times.length === 0 ? NaN : times.length % 2 ? times[mid]! : (times[mid - 1]! + times[mid]!) / 2,
    meanRolloutLength: rolloutSteps / Math.max(1, rollouts),
    rolloutsPerSec: rollouts / (rolloutMs / 1000),
  };
}

export interface WorkersResult {
  readonly workers: number;
  readonly games: number;
  readonly gamesPerSec: number;
  /**
   * Cores kept busy on average (process CPU time ÷ wall time). Well below `workers`
   * means the machine was busy with something else and the rate understates scaling.
   */
  readonly busyCores: number;
  /** Process CPU time per game (all threads), in milliseconds: what a game costs whatever the load. */
  readonly cpuMsPerGame: number;
  /** Cores other processes kept busy meanwhile (machine CPU time minus ours, ÷ wall time). */
  readonly otherBusyCores: number;
}

/** CPU time (seconds) all cores of the machine spent busy so far. */
function machineBusySeconds(): number {
  let ms = 0;
  for (const cpu of os.cpus()) ms += cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq;
  return ms / 1000;
}

/**
 * Other processes may use at most this many cores while workers are measured: beyond
 * it the ratio says more about the neighbours than about the runner, and the bench
 * refuses to print PASS or MISS.
 */
export const IDLE_OTHER_CORES = 0.2;

/**
 * Runner throughput (games/s through `runMatch`, no run folder) for each worker count.
 * Threads are started and warmed by a run of other games first (the pool is kept
 * between runs), so the figure is the steady rate a long run sees.
 * Worker counts are measured in turn for `rounds` rounds and the best round of each is
 * kept, so a burst of load from another process does not decide the ratio.
 */
export async function measureWorkers(
  config: MatchConfig,
  workers: number | readonly number[] = [1, 2],
  opts: { rounds?: number } = {},
): Promise<WorkersResult[]> {
  const counts = typeof workers === 'number' ? [workers] : workers;
  const best = new Map<number, WorkersResult>();
  for (let round = 0; round < (opts.rounds ?? 3); round++) {
    for (const w of counts) {
      // Warm the threads (start-up and JIT) on other games, as the main thread already is.
      if (round === 0) await runMatch({ ...config, games: Math.max(8 * w, Math.floor(config.games / 4)), seed: `${String(config.seed)}-warmup` }, { workers: w });
      const start = performance.now();
      const cpu = process.cpuUsage();
      const machine = machineBusySeconds();
      await runMatch(config, { workers: w });
      const wall = seconds(start);
      const used = process.cpuUsage(cpu);
      const cpuSeconds = (used.user + used.system) / 1e6;
      const otherBusyCores = Math.max(0, (machineBusySeconds() - machine - cpuSeconds) / wall);
      const result = { workers: w, games: config.games, gamesPerSec: config.games / wall, busyCores: cpuSeconds / wall, cpuMsPerGame: (1000 * cpuSeconds) / config.games, otherBusyCores };
      if ((best.get(w)?.gamesPerSec ?? 0) < result.gamesPerSec) best.set(w, result);
    }
  }
  return counts.map((w) => best.get(w)!);
}

/**
 * One result line: name, value, and PASS/MISS against a target when there is one, or
 * NOT JUDGED with the reason when the target says the measurement cannot decide it.
 */
export function report(name: string, value: string, target?: { ok: boolean; text: string; notJudged?: string }): void {
  const verdict = !target ? '' : target.notJudged ? `NOT JUDGED  (target ${target.text}; ${target.notJudged})` : `${target.ok ? 'PASS' : 'MISS'}  (target ${target.text})`;
  process.stdout.write(`  ${name.padEnd(44)} ${value.padEnd(26)} ${verdict}\n`.trimEnd() + '\n');
}

/**
 * The worker-scaling line: two workers against one, judged only when the machine was
 * idle enough (other processes under IDLE_OTHER_CORES cores in both measurements, and
 * at least two cores); otherwise the ratio is printed with why it was not judged.
 */
export function reportScaling(one: WorkersResult, two: WorkersResult, target = 1.8): void {
  const scaling = two.gamesPerSec / one.gamesPerSec;
  const cores = os.availableParallelism();
  report('2 workers vs 1', `${fmt(scaling, 2)}x on ${cores} cores`, { ok: scaling >= target, text: `>= ${target}x`, notJudged: whyNotJudged(one, two, cores) });
}

/** Why a worker-scaling ratio cannot be judged on this machine now, or undefined when it can. */
export function whyNotJudged(one: WorkersResult, two: WorkersResult, cores: number): string | undefined {
  if (cores < 2) return `${cores} core: nothing to scale onto`;
  const others = Math.max(one.otherBusyCores, two.otherBusyCores);
  if (others > IDLE_OTHER_CORES) return `machine not idle: other processes kept ${fmt(others, 2)} cores busy (at most ${IDLE_OTHER_CORES} allowed)`;
  return undefined;
}

export function fmt(x: number, digits = 0): string {
  return x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}
