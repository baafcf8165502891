/**
 * A run through the queue writes the same bytes as a local run: games.jsonl (in index
 * order) and summary.json, for any number of workers and any batch size, with paired
 * games and with a content file that travels by hash.
 */
import fs from 'node:fs';
import path from 'node:path';
import { vi, afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMatch } from '../../../src/sim/runner.js';
import { QueueExecutor } from '../../../src/sim/queue/coordinator.js';
import { startQueueWorker, type QueueWorkerHandle } from '../../../src/sim/queue/queue-worker.js';
import { parseQueueUrl } from '../../../src/sim/queue/url.js';
import { sha256 } from '../../../src/sim/queue/content.js';
import type { MatchConfig } from '../../../src/sim/types.js';
import { runFiles, startRedis, startWorkerProcess, tempDir, type RedisServer, type WorkerProcess } from './redis.js';

// Ceiling for this file (vitest.config.ts): hooks start redis-server and workers; slowest test 5.4 s on a near-idle CI run; 300 s holds at 8x slowdown with room.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

async function local(config: MatchConfig): Promise<{ games: string; summary: string }> {
  const dir = tempDir('local');
  await runMatch(config, { workers: 1, outDir: dir, executor: null });
  return runFiles(dir);
}

async function queued(config: MatchConfig, batch: number): Promise<{ games: string; summary: string }> {
  const dir = tempDir('queued');
  await runMatch(config, { outDir: dir, executor: new QueueExecutor(parseQueueUrl(`${redis.url}?batch=${batch}`)) });
  return runFiles(dir);
}

describe('queue runs match local runs byte for byte', () => {
  const config: MatchConfig = { gameId: 'gladiator-duel', options: {}, agents: ['heuristic', 'random'], games: 48, seed: 'bytes' };

  it('with two worker processes and batches of 5 (the last batch short)', async () => {
    const workers: WorkerProcess[] = await Promise.all([startWorkerProcess(redis.url), startWorkerProcess(redis.url)]);
    try {
      const [a, b] = await Promise.all([local(config), queued(config, 5)]);
      expect(b.games).toBe(a.games);
      expect(b.summary).toBe(a.summary);
      expect(b.games.trim().split('\n')).toHaveLength(48);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  });

  describe('with one in-process worker', () => {
    let worker: QueueWorkerHandle;
    const contentDir = tempDir('worker-content');
    beforeAll(async () => {
      worker = await startQueueWorker({ target: parseQueueUrl(redis.url), concurrency: 2, contentDir, log: () => {} });
    });
    afterAll(async () => {
      await worker?.close(true);
    });

    it('paired games, one batch per game', async () => {
      const paired: MatchConfig = { gameId: 'rumble', options: { players: 3 }, agents: ['random'], games: 12, seed: 9, paired: true };
      const [a, b] = await Promise.all([local(paired), queued(paired, 1)]);
      expect(b.games).toBe(a.games);
      expect(b.summary).toBe(a.summary);
    });

    it('a content file (dark-hero map.file) travels by hash: the worker plays its own copy', async () => {
      const dir = tempDir('content');
      const file = path.join(dir, 'square.yaml');
      fs.writeFileSync(file, 'cards: 6\nedges: [[0,1],[1,2],[2,3],[3,4],[4,5],[5,0]]\nstarts: [0, 3]\n');
      const withFile: MatchConfig = { gameId: 'dark-hero', options: { players: 2, map: { layout: 'file', file } }, agents: ['random'], games: 6, seed: 2 };
      const [a, b] = await Promise.all([local(withFile), queued(withFile, 2)]);
      expect(b.games).toBe(a.games);
      expect(b.summary).toBe(a.summary);
      expect(JSON.parse(a.summary).completed).toBe(6);
      expect(fs.readdirSync(contentDir)).toEqual([`${sha256(fs.readFileSync(file, 'utf8'))}.yaml`]);
    });

    it('a network agent with batch= (tfjs started in the worker\'s threads, the run keyed on its backend)', async () => {
      const batched: MatchConfig = { gameId: 'gladiator-duel', options: {}, agents: ['mcts:prior=net:model=models/gladiator-duel,batch=8,iterations=16', 'heuristic'], games: 2, seed: 4 };
      const [a, b] = await Promise.all([local(batched), queued(batched, 1)]);
      expect(b.games).toBe(a.games);
      expect(b.summary).toBe(a.summary);
      expect(JSON.parse(a.summary).completed).toBe(2);
      expect(JSON.parse(a.summary).tfBackend).toMatch(/^(wasm|tensorflow|cpu)$/);
    });
  });
});
