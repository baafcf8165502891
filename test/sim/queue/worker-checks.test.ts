/**
 * What a worker does with bad or failing work, against a real redis-server: a game
 * that throws is a record (seed + error), played once; a worker that fails outright
 * is retried a bounded number of times, then the run stops with the reason; a job
 * that does not pass the CLI's checks (game, options, agent specs, content paths) is
 * refused at once and never retried; passwords and ACL users work.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { vi, afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame } from '../../../src/core/game.js';
import { UserError } from '../../../src/core/errors.js';
import { runMatch } from '../../../src/sim/runner.js';
import { normalizeConfig } from '../../../src/sim/config.js';
import { ATTEMPTS, QueueExecutor } from '../../../src/sim/queue/coordinator.js';
import { JOB_VERSION } from '../../../src/sim/queue/job.js';
import { startQueueWorker, type QueueWorkerHandle } from '../../../src/sim/queue/queue-worker.js';
import { codeVersion, queueName, runsKey } from '../../../src/sim/queue/run-key.js';
import { parseQueueUrl } from '../../../src/sim/queue/url.js';
import { connectChecked } from '../../../src/cli/commands/queue.js';
import { testGames } from '../fixtures.js';
import { startRedis, until, type RedisServer } from './redis.js';

// Ceiling for this file (vitest.config.ts): hooks start redis-server and workers; slowest test 2.8 s on a near-idle CI run; 300 s holds at 8x slowdown with room.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

describe('games and batches that fail', () => {
  it('a game that throws is recorded with its seed and error, as in a local run, and its batch is played once', async () => {
    const config = { gameId: 'test-fragile', options: {}, agents: ['random'], games: 40, seed: 1 };
    const worker = await startQueueWorker({ target: parseQueueUrl(redis.url), concurrency: 1, resolveGame: testGames, log: () => {} });
    try {
      const local = await runMatch(config, { resolveGame: testGames, executor: null });
      const queued = await runMatch(config, { resolveGame: testGames, executor: new QueueExecutor(parseQueueUrl(`${redis.url}?batch=8`)) });
      const failed = queued.records.filter((r) => r.error !== undefined);
      expect(failed.length).toBeGreaterThan(0);
      for (const r of failed) {
        expect(r.error).toBe('engine exploded');
        expect(Math.abs(r.seed % 5)).toBe(0);
      }
      expect(JSON.stringify(queued.records)).toBe(JSON.stringify(local.records));
      expect(JSON.stringify(queued.summary)).toBe(JSON.stringify(local.summary));
      expect(worker.games()).toBe(40);
    } finally {
      await worker.close(true);
    }
  });

  it(`a worker that fails outright is retried ${ATTEMPTS} times, then the run stops with the reason`, async () => {
    let calls = 0;
    // numPlayers runs when the worker prepares the batch: a crash outside any game.
    const broken = (id: string): AnyGame => ({
      ...(testGames(id) as AnyGame),
      numPlayers: () => {
        calls++;
        throw new Error('worker disk full');
      },
    });
    const worker = await startQueueWorker({ target: parseQueueUrl(redis.url), concurrency: 1, resolveGame: broken, log: () => {} });
    try {
      const config = { gameId: 'test-race', options: {}, agents: ['random'], games: 4, seed: 2 };
      await expect(runMatch(config, { resolveGame: testGames, executor: new QueueExecutor(parseQueueUrl(`${redis.url}?batch=4`)) })).rejects.toThrow(
        `queue: games 0-3 failed on a worker after ${ATTEMPTS} attempt(s): worker disk full`,
      );
      expect(calls).toBe(ATTEMPTS);
    } finally {
      await worker.close(true);
    }
  });
});

describe('a worker checks every job with the CLI schemas', () => {
  const code = codeVersion();
  const run = 'abcdef0123456789';
  const good = { v: JOB_VERSION, run, code, config: normalizeConfig({ gameId: 'gladiator-duel', options: {}, agents: ['random'], games: 4, seed: 1 }), from: 0, to: 4, content: [] };

  let client: Redis;
  let queue: Queue;
  let worker: QueueWorkerHandle;
  beforeAll(async () => {
    const target = parseQueueUrl(redis.url);
    client = new Redis(redis.port, '127.0.0.1');
    queue = new Queue(queueName(run), { connection: { host: '127.0.0.1', port: redis.port }, prefix: target.prefix });
    await client.hset(runsKey(target.prefix), run, JSON.stringify({ run, code, gameId: 'x', games: 4, batch: 4, batches: 1, started: Date.now(), coordinator: 'test' }));
    worker = await startQueueWorker({ target, concurrency: 1, log: () => {} });
  });
  afterAll(async () => {
    await worker?.close(true);
    await queue?.obliterate({ force: true });
    await queue?.close();
    await client?.hdel(runsKey('crucible'), run);
    client?.disconnect();
  });

  async function submit(data: unknown): Promise<{ reason: string; attempts: number; returned: unknown }> {
    const job = await queue.add('batch', data, { attempts: 3, removeOnComplete: false, removeOnFail: false });
    await until('the job to finish', async () => ['completed', 'failed'].includes(await job.getState()));
    const done = (await queue.getJob(job.id!))!;
    return { reason: done.failedReason ?? '', attempts: done.attemptsMade, returned: done.returnvalue };
  }

  it('plays a good job', async () => {
    const result = await submit(good);
    expect(result.reason).toBe('');
    expect((result.returned as { records: unknown[] }).records).toHaveLength(4);
  });

  it.each([
    ['an unknown game', { ...good, config: { ...good.config, gameId: 'chess' } }, /unknown game|chess/],
    ['a bad option', { ...good, config: { ...good.config, options: { turnCap: 'forever' } } }, /turnCap/],
    ['an unknown agent', { ...good, config: { ...good.config, agents: ['require("fs")'] } }, /agent/],
    ['a file path that did not travel by hash', { ...good, config: { ...good.config, gameId: 'dark-hero', options: { map: { layout: 'file', file: '/etc/passwd' } } } }, /map\.file names a file that did not travel with the job/],
    ['a content path with a prototype key', { ...good, content: [{ at: ['__proto__', 'file'], hash: 'a'.repeat(64), ext: '.json' }] }, /content/],
    ['indices past the run', { ...good, to: 5 }, /from < to <= config.games/],
    ['an extra field', { ...good, script: 'process.exit()' }, /script/],
    ['another code version', { ...good, code: 'ffffffffffffffff' }, /code version/],
  ])('refuses %s at once (no retry)', async (_what, data, message) => {
    const result = await submit(data);
    expect(result.reason).toMatch(message);
    expect(result.attempts).toBe(1);
  });
});

describe('passwords and ACL users', () => {
  let secured: RedisServer;
  beforeAll(async () => {
    secured = await startRedis(['--requirepass', 'door', '--user', 'alice', 'on', '>wonderland', '~*', '&*', '+@all']);
  });
  afterAll(async () => {
    await secured?.stop();
  });

  it('runs with an ACL user and password in the URL', async () => {
    const url = `redis://alice:wonderland@127.0.0.1:${secured.port}`;
    const worker = await startQueueWorker({ target: parseQueueUrl(url), concurrency: 1, log: () => {} });
    try {
      const config = { gameId: 'gladiator-duel', options: {}, agents: ['heuristic', 'random'], games: 6, seed: 5 };
      const queued = await runMatch(config, { executor: new QueueExecutor(parseQueueUrl(`${url}?batch=3`)) });
      const local = await runMatch(config, { workers: 1, executor: null });
      expect(JSON.stringify(queued.summary)).toBe(JSON.stringify(local.summary));
    } finally {
      await worker.close(true);
    }
  });

  it('a wrong password is a one-line user error naming the address without the password', async () => {
    const attempt = connectChecked(parseQueueUrl(`redis://alice:wrong@127.0.0.1:${secured.port}`));
    await expect(attempt).rejects.toThrow(UserError);
    await expect(connectChecked(parseQueueUrl(`redis://alice:wrong@127.0.0.1:${secured.port}`))).rejects.toThrow(/--queue is "redis:\/\/alice:\*\*\*@127\.0\.0\.1:\d+\/0": cannot use that Redis \(WRONGPASS/);
  });
});
