/**
 * Search throughput of every game (issue #30): iterations per CPU-second of the default
 * `mcts` (each game's tuned settings, agents/index.ts TUNED_MCTS) over a fixed, seeded
 * sample of 12 decision states per game (bench/search-throughput.ts). CPU time of this
 * process, so the figure holds on a loaded machine; Rumble and Ophidian carry the issue's
 * target (≥ 10,000).
 *
 * Two figures for those two. The first, after the default one CPU-second warm-up, is a fresh
 * process's first seconds: on both engines V8 is still compiling the hot functions then (on
 * background threads whose CPU time the process is charged; src/games/ophidian/README.md
 * "Speed"). The second is the same sample after WARM_CPU_S CPU-seconds of warm-up: the rate a
 * study's worker runs at, which keeps its thread for the whole study and plays for minutes
 * (a pool thread warms once; `play` and `study` do not restart it per part). The target is
 * judged on the second: it is the one the time to an answer depends on.
 */
import os from 'node:os';
import { fmt, report } from './harness.js';
import { measureSearchThroughput, throughputGames } from './search-throughput.js';

/** The floor for the two games whose searches were 20–50× below the others. */
const TARGETS: Readonly<Record<string, number>> = { rumble: 10_000, ophidian: 10_000 };
/** Warm-up (CPU-seconds) of the steady-state figure: past it the rate no longer climbs (Ophidian's README, "Speed"). */
const WARM_CPU_S = 10;

export async function run(): Promise<void> {
  report('load average (1 min) / cores', `${fmt(os.loadavg()[0]!, 1)} / ${os.availableParallelism()}`);
  for (const game of throughputGames()) {
    const r = measureSearchThroughput(game);
    const target = TARGETS[game.id];
    report(`default mcts, ${game.id}${target === undefined ? '' : ', 1 CPU-s warm-up'}`, `${fmt(r.iterationsPerCpuSecond)} it per CPU-s`);
    if (target === undefined) continue;
    const warm = measureSearchThroughput(game, { warmCpuMs: WARM_CPU_S * 1000 });
    report(`default mcts, ${game.id}, warm (${WARM_CPU_S} CPU-s)`, `${fmt(warm.iterationsPerCpuSecond)} it per CPU-s`, {
      ok: warm.iterationsPerCpuSecond >= target,
      text: `>= ${fmt(target)} warm (${warm.decisions} decisions of ${warm.iterations} iterations)`,
    });
  }
  report('load average (1 min) after', fmt(os.loadavg()[0]!, 1));
}
