/**
 * The CLI side: CRUCIBLE_QUEUE makes `play` a coordinator; Ctrl-C stops it like a local
 * run (exit 130) with the run left in Redis, shown by `crucible queue status`; the
 * rerun completes with the local bytes and the finished run leaves Redis.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { vi, afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMatch } from '../../../src/sim/runner.js';
import { startQueueWorker, type QueueWorkerHandle } from '../../../src/sim/queue/queue-worker.js';
import { parseQueueUrl } from '../../../src/sim/queue/url.js';
import type { QueueStatus } from '../../../src/sim/queue/status.js';
import { ROOT, runFiles, startRedis, tempDir, TEST_LOCK_MS, until, type RedisServer } from './redis.js';

// Ceiling for this file (vitest.config.ts): its slowest test 14.3 s on a near-idle CI run (queue CLI end to end: redis-server, workers, a study); 300 s holds at 8x slowdown with room.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

let redis: RedisServer;
let worker: QueueWorkerHandle;
beforeAll(async () => {
  redis = await startRedis();
  process.env['CRUCIBLE_QUEUE_LOCK_MS'] = String(TEST_LOCK_MS);
  worker = await startQueueWorker({ target: parseQueueUrl(redis.url), concurrency: 1, log: () => {} });
});
afterAll(async () => {
  await worker?.close(true);
  delete process.env['CRUCIBLE_QUEUE_LOCK_MS'];
  await redis?.stop();
});

const crucible = path.join(ROOT, 'bin/crucible.mjs');

function status(): QueueStatus {
  const r = spawnSync(process.execPath, [crucible, 'queue', 'status', '--queue', redis.url, '--json'], { cwd: ROOT, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as QueueStatus;
}

describe('crucible play with CRUCIBLE_QUEUE', () => {
  it('Ctrl-C stops the coordinator (exit 130), queue status shows the run, the rerun completes with the local bytes', async () => {
    const out = tempDir('cli-queue');
    const args = [crucible, 'play', 'gladiator-duel', '--agents', 'mcts:iterations=30,random', '--games', '16', '--seed', 'cli', '--out', out, '--json', '--no-progress'];
    const env = { ...process.env, CRUCIBLE_QUEUE: `${redis.url}?batch=2` };
    const first = spawn(process.execPath, args, { cwd: ROOT, env, stdio: 'ignore' });
    const lines = (): number => (fs.existsSync(path.join(out, 'games.jsonl')) ? fs.readFileSync(path.join(out, 'games.jsonl'), 'utf8').split('\n').filter(Boolean).length : 0);
    await until('a few games on disk', () => lines() >= 2);
    first.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => first.on('exit', resolve));
    expect(code).toBe(130);

    const during = status();
    expect(during.runs).toHaveLength(1);
    expect(during.runs[0]).toMatchObject({ gameId: 'gladiator-duel', games: 16, batch: 2, batches: 8 });
    expect(during.workers.map((w) => w.id)).toContain(worker.id);

    // Not spawnSync: the worker in this process must keep playing meanwhile.
    const second = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    second.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    expect(await new Promise<number | null>((resolve) => second.on('exit', resolve)), output).toBe(0);
    const local = tempDir('cli-local');
    await runMatch({ gameId: 'gladiator-duel', options: {}, agents: ['mcts:iterations=30', 'random'], games: 16, seed: 'cli' }, { workers: 1, outDir: local, executor: null });
    expect(runFiles(out)).toEqual(runFiles(local));
    expect(status().runs).toHaveLength(0);
  }); // three CLI processes and 16 MCTS games: past the 60 s default on a loaded 2-core machine (71 s at load 14)

  it('an unreachable Redis is a one-line error before any game (exit 2)', () => {
    const r = spawnSync(process.execPath, [crucible, 'play', 'gladiator-duel', '--games', '2', '--queue', 'redis://127.0.0.1:1'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: --queue is "redis:\/\/127\.0\.0\.1:1\/0": cannot use that Redis \(connect ECONNREFUSED/);
  });
});
