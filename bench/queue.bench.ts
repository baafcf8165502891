/**
 * Queue overhead: gladiator-duel heuristic games through BullMQ/Redis with 2 local
 * `crucible worker` processes against the local 2-thread pool, and, from the measured
 * cost of one batch (worker round trip, Redis commands, coordinator CPU), how many
 * workers one Redis and one coordinator can feed and which batch size keeps the
 * overhead under 5% at 100 workers; then the speed-up from 1 to 2 to 4 worker processes
 * on search games (the README's "Measured on this machine" table). Needs `redis-server`
 * (Debian package); skipped without it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { runMatch } from '../src/sim/runner.js';
import { QueueExecutor } from '../src/sim/queue/coordinator.js';
import { parseQueueUrl } from '../src/sim/queue/url.js';
import type { MatchConfig } from '../src/sim/types.js';
import { fmt, report } from './harness.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The documented batch size for cheap games (README: "Running on several machines"). */
export const BENCH_BATCH = 64;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function waitFor(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    const on = (c: Buffer): void => {
      out += c.toString();
      if (out.includes(text)) resolve();
    };
    child.stdout?.on('data', on);
    child.stderr?.on('data', on);
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
  });
}

async function timed(config: MatchConfig, executor: QueueExecutor | null, workers = 2): Promise<{ seconds: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const t = performance.now();
  await runMatch(config, { workers, executor });
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - t) / 1000, cpuMs: (used.user + used.system) / 1000 };
}

/** Sum of calls and microseconds over all commands since the last CONFIG RESETSTAT. */
async function commandStats(redis: Redis): Promise<{ calls: number; usec: number }> {
  const text = await redis.info('commandstats');
  let calls = 0;
  let usec = 0;
  for (const m of text.matchAll(/calls=(\d+),usec=(\d+)/g)) {
    calls += Number(m[1]);
    usec += Number(m[2]);
  }
  return { calls, usec };
}

export async function run(): Promise<void> {
  if (spawnSync('redis-server', ['--version']).error) {
    process.stdout.write('  (skipped: redis-server is not installed; apt-get install redis-server)\n');
    return;
  }
  const port = await freePort();
  const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const workers: ChildProcess[] = [];
  let redis: Redis | null = null;
  try {
    await waitFor(server, 'Ready to accept connections');
    redis = new Redis(port, '127.0.0.1');
    const url = `redis://127.0.0.1:${port}`;
    const startWorkers = async (n: number): Promise<void> => {
      for (let i = 0; i < n; i++) {
        const w = spawn(process.execPath, [path.join(ROOT, 'bin/crucible.mjs'), 'worker', '--queue', url, '--concurrency', '1'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CRUCIBLE_QUEUE: '' } });
        workers.push(w);
        await waitFor(w, 'waiting for runs');
      }
    };
    const stopWorkers = (): void => {
      for (const w of workers.splice(0)) w.kill('SIGKILL');
    };
    await startWorkers(2);
    const queue = (batch: number): QueueExecutor => new QueueExecutor(parseQueueUrl(`${url}?batch=${batch}`));
    const config = (games: number, seed: string): MatchConfig => ({ gameId: 'gladiator-duel', options: {}, agents: ['heuristic', 'random'], games, seed });

    // Warm up both paths (threads started, JIT warm).
    await timed(config(400, 'warm'), null);
    await timed(config(400, 'warm'), queue(BENCH_BATCH));

    const games = 4000;
    let local = Infinity;
    let queued = Infinity;
    for (let round = 0; round < 2; round++) {
      local = Math.min(local, (await timed(config(games, `bench${round}`), null)).seconds);
      queued = Math.min(queued, (await timed(config(games, `bench${round}`), queue(BENCH_BATCH))).seconds);
    }
    const ratio = local / queued;
    report('local pool, 2 threads, heuristic v random', `${fmt(games / local)} games/s`);
    report(`queue, 2 workers, batch ${BENCH_BATCH}`, `${fmt(games / queued)} games/s`);
    report('queue vs local pool', `${fmt(ratio, 2)}x`, { ok: ratio >= 0.9, text: '>= 0.9x' });

    // One game per batch: the time beyond the games is the per-batch overhead.
    const small = 600;
    await redis.config('RESETSTAT');
    const one = await timed(config(small, 'overhead'), queue(1));
    const stats = await commandStats(redis);
    const gameSeconds = (2 * local) / games; // one worker's time per game
    const overheadMs = Math.max(0, ((2 * one.seconds) / small - gameSeconds) * 1000);
    const redisUs = stats.usec / small;
    const coordinatorUs = (one.cpuMs * 1000) / small;
    report('game time per worker', `${fmt(gameSeconds * 1000, 2)} ms`);
    report('overhead per batch (worker wall time)', `${fmt(overheadMs, 2)} ms`);
    report('Redis per batch', `${fmt(stats.calls / small, 1)} commands, ${fmt(redisUs, 0)} µs`);
    report('coordinator CPU per batch', `${fmt(coordinatorUs, 0)} µs`);

    // On paper: a batch of B games keeps a worker busy B·t + o seconds; Redis and the
    // coordinator each spend their per-batch cost once per batch, on one core.
    const busiest = Math.max(redisUs, coordinatorUs) / 1e6;
    const feedable = (batch: number): number => Math.floor((batch * gameSeconds + overheadMs / 1000) / busiest);
    const forOverhead = Math.ceil(overheadMs / 1000 / (0.05 * gameSeconds));
    // At 100 workers, keep Redis and the coordinator at most half busy.
    const forLoad = Math.ceil((100 * busiest * 2 - overheadMs / 1000) / gameSeconds);
    const batch100 = Math.max(forOverhead, forLoad, 1);
    report(`workers one Redis + coordinator feed (batch ${BENCH_BATCH})`, `${fmt(feedable(BENCH_BATCH))} workers`);
    report('batch for < 5% overhead at 100 workers', `${fmt(batch100)} games (${fmt(batch100 * gameSeconds, 2)} s of play)`);

    // Speed-up with the number of worker processes, on search games (the matchups study's
    // full MCTS in both seats, batches of 8): what a `--full` study through the queue gains.
    // Each count plays its own seed so no run resumes another's games.
    stopWorkers();
    const mcts = 'mcts:iterations=300,c=0.2,rollout=evaluate,turns=0,prior=heuristic,bias=2';
    const searchGames = 240;
    const search = (seed: string): MatchConfig => ({ gameId: 'gladiator-duel', options: {}, agents: [mcts, mcts], games: searchGames, seed });
    let single = 0;
    for (const n of [1, 2, 4]) {
      await startWorkers(n);
      const t = await timed(search(`scaling${n}`), queue(8));
      stopWorkers();
      if (n === 1) single = t.seconds;
      report(`queue, ${n} worker process${n === 1 ? '' : 'es'}, ${searchGames} MCTS games`, `${fmt(t.seconds, 1)} s wall, ${fmt(single / t.seconds, 2)}x, coordinator ${fmt(t.cpuMs / 1000, 1)} CPU-s`);
    }
    process.stdout.write(`  (${os.cpus().length} cores: more processes than cores add contention, not parallelism)\n`);
  } finally {
    redis?.disconnect();
    for (const w of workers) w.kill('SIGKILL');
    server.kill('SIGKILL');
  }
}
