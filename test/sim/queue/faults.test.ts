/**
 * Faults with a real redis-server: a worker SIGKILLed mid-batch, a coordinator killed
 * and restarted, Redis itself killed and restarted empty (no persistence). Each run
 * must end with the same bytes as a local run: no game lost, none counted twice.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { vi, afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runMatch } from '../../../src/sim/runner.js';
import { QueueExecutor } from '../../../src/sim/queue/coordinator.js';
import { startQueueWorker, type QueueWorkerHandle } from '../../../src/sim/queue/queue-worker.js';
import { parseQueueUrl } from '../../../src/sim/queue/url.js';
import type { MatchConfig } from '../../../src/sim/types.js';
import { ROOT, runFiles, startRedis, startWorkerProcess, tempDir, TEST_LOCK_MS, until, type RedisServer, type WorkerProcess } from './redis.js';

// Ceiling for this file (vitest.config.ts): its slowest test 10.2 s on a near-idle CI run (workers killed and restarted); hooks start redis-server; 300 s holds at 8x slowdown with room.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

let redis: RedisServer;
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  redis = await startRedis();
  process.env['CRUCIBLE_QUEUE_LOCK_MS'] = String(TEST_LOCK_MS);
});
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});
afterAll(async () => {
  delete process.env['CRUCIBLE_QUEUE_LOCK_MS'];
  await redis?.stop();
});

async function localFiles(config: MatchConfig): Promise<{ games: string; summary: string }> {
  const dir = tempDir('local');
  await runMatch(config, { workers: 1, outDir: dir, executor: null });
  return runFiles(dir);
}

function lines(dir: string): number {
  const file = path.join(dir, 'games.jsonl');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter((l) => l !== '').length : 0;
}

/** Batches being played right now, over all runs on the server. */
async function activeBatches(client: Redis): Promise<number> {
  const keys = await client.keys('crucible:run-*:active');
  let n = 0;
  for (const k of keys) n += await client.llen(k);
  return n;
}

async function inProcessWorker(concurrency = 1): Promise<QueueWorkerHandle> {
  const worker = await startQueueWorker({ target: parseQueueUrl(redis.url), concurrency, log: () => {} });
  cleanups.push(() => worker.close(true));
  return worker;
}

// MCTS games of about a tenth of a second: a batch of 4 is long enough to be killed in.
const slow: MatchConfig = { gameId: 'gladiator-duel', options: {}, agents: ['mcts:iterations=30', 'random'], games: 16, seed: 'faults' };

describe('queue faults', () => {
  it('a worker SIGKILLed mid-batch: the stalled batch is retried by another worker; no game lost or doubled', async () => {
    const client = new Redis(redis.port, '127.0.0.1');
    cleanups.push(async () => client.disconnect());
    const doomed: WorkerProcess = await startWorkerProcess(redis.url);
    cleanups.push(() => doomed.stop());
    const out = tempDir('killed-worker');
    const run = runMatch(slow, { outDir: out, executor: new QueueExecutor(parseQueueUrl(`${redis.url}?batch=4`)) });
    // Only the doomed worker is up: once a batch is active, it is in its hands.
    await until('a batch in the first worker', async () => (await activeBatches(client)) > 0);
    const before = lines(out);
    await doomed.stop(); // SIGKILL
    expect(lines(out)).toBeLessThan(slow.games);
    const survivor = await inProcessWorker();
    await run;
    const [expected, got] = [await localFiles(slow), runFiles(out)];
    expect(got.games).toBe(expected.games);
    expect(got.summary).toBe(expected.summary);
    // The survivor played what was not finished, including the killed batch again.
    expect(survivor.games()).toBeGreaterThanOrEqual(slow.games - before);
    expect(before).toBeLessThan(slow.games);
  });

  it('the coordinator killed and restarted: it resumes and takes the results already in Redis', async () => {
    const worker = await inProcessWorker(2);
    const out = tempDir('restarted-coordinator');
    const args = [path.join(ROOT, 'bin/crucible.mjs'), 'play', 'gladiator-duel', '--agents', 'mcts:iterations=30,random', '--games', '16', '--seed', 'faults', '--out', out, '--json', '--no-progress', '--queue', `${redis.url}?batch=2`];
    const first = spawn(process.execPath, args, { cwd: ROOT, stdio: 'ignore' });
    await until('some games on disk', () => lines(out) >= 2);
    first.kill('SIGKILL');
    const onDisk = lines(out);
    // The worker keeps playing the enqueued batches while no coordinator listens.
    await until('more batches finished in Redis', () => worker.games() >= onDisk + 6);
    const second = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    second.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    second.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
    expect(code, output).toBe(0);
    const expected = await localFiles(slow);
    const got = runFiles(out);
    expect(got.games).toBe(expected.games);
    expect(got.summary).toBe(expected.summary);
    // Every batch was played once: the second coordinator reused disk and Redis, replaying nothing.
    expect(worker.games()).toBe(slow.games);
  });

  it('Redis killed and restarted empty mid-run: workers and coordinator reconnect and the run completes', async () => {
    await inProcessWorker(2);
    const out = tempDir('restarted-redis');
    const run = runMatch(slow, { outDir: out, executor: new QueueExecutor(parseQueueUrl(`${redis.url}?batch=2`)) });
    await until('some games on disk', () => lines(out) >= 2);
    await redis.kill();
    expect(lines(out)).toBeLessThan(slow.games);
    await new Promise((r) => setTimeout(r, 500));
    await redis.start();
    await run;
    const expected = await localFiles(slow);
    const got = runFiles(out);
    expect(got.games).toBe(expected.games);
    expect(got.summary).toBe(expected.summary);
  });
});
