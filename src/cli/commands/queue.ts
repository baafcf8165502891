/**
 * `--queue URL` for the commands that play games (play, study, compare, tune; a future
 * `train` adds the same two lines), and `crucible queue status`.
 *
 * With `--queue` (or CRUCIBLE_QUEUE) the command becomes a coordinator: every run it
 * starts is played by `crucible worker` processes through Redis instead of local
 * threads, and writes the same run folder, summary and report.
 */
import type { Command } from 'commander';
import { Redis } from 'ioredis';
import { UserError } from '../../core/errors.js';
import { setMatchExecutor } from '../../sim/queue/executor.js';
import { formatQueueStatus, queueStatus } from '../../sim/queue/status.js';
import { parseQueueUrl, redisOptions, type QueueTarget } from '../../sim/queue/url.js';
import { wallClockMs } from '../../sim/clock.js';

export const QUEUE_HELP = 'play on `crucible worker`s through Redis: redis[s]://[user:password@]host:port[/db][?batch=N] (or set CRUCIBLE_QUEUE)';

/** Adds `--queue <url>` to a command. */
export function withQueueOption(command: Command): Command {
  return command.option('--queue <url>', QUEUE_HELP);
}

/** The queue address from the flag or CRUCIBLE_QUEUE, or null for a local run. */
export function queueTarget(flag: string | undefined): QueueTarget | null {
  const raw = flag ?? process.env['CRUCIBLE_QUEUE'];
  if (raw === undefined || raw.trim() === '') return null;
  return parseQueueUrl(raw);
}

/**
 * How long the probe waits for a Redis to answer: a local or LAN Redis answers a PING in
 * milliseconds even on a loaded machine; a listener that accepts and never replies (a
 * wrong port, a TLS or HTTP server) would otherwise hang the command with no output.
 */
export const PROBE_TIMEOUT_MS = 10_000;

/** Opens a connection and checks it answers within `timeoutMs` (a clear one-line error before any work). */
export async function connectChecked(target: QueueTarget, timeoutMs = PROBE_TIMEOUT_MS): Promise<Redis> {
  const redis = new Redis({ ...redisOptions(target), lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 1, connectTimeout: timeoutMs });
  // The first error event says why (e.g. WRONGPASS); the rejection may only say the connection closed.
  let firstError: Error | null = null;
  redis.on('error', (err: Error) => (firstError ??= err));
  let timer: NodeJS.Timeout | undefined;
  // The connect timeout ends at the TCP connection; the ready check and PING after it have none.
  const silence = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no reply within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    const probe = (async () => {
      await redis.connect();
      await redis.ping();
    })();
    probe.catch(() => undefined); // after a timeout its rejection (the disconnect) is expected
    await Promise.race([probe, silence]);
  } catch (err) {
    redis.disconnect();
    const message = ((firstError as Error | null) ?? (err as Error)).message.split('\n')[0];
    throw new UserError(`--queue is ${JSON.stringify(target.display)}: cannot use that Redis (${message}); allowed: a reachable Redis server (check host, port, password or ACL user, TLS)`);
  } finally {
    clearTimeout(timer);
  }
  return redis;
}

/**
 * Makes this command a coordinator when `--queue`/CRUCIBLE_QUEUE is given: checks the
 * Redis answers, then routes every run of the command through it.
 */
export async function useQueue(flag: string | undefined): Promise<void> {
  const target = queueTarget(flag);
  setMatchExecutor(null);
  if (!target) return;
  const probe = await connectChecked(target);
  probe.disconnect();
  const { QueueExecutor } = await import('../../sim/queue/coordinator.js');
  setMatchExecutor(new QueueExecutor(target));
}

export function register(program: Command): void {
  const queue = program.command('queue').description('inspect distributed runs on a Redis (see `crucible worker`)');
  withQueueOption(
    queue
      .command('status')
      .description('list runs, their batches (waiting, active, retrying, done, failed) and live workers')
      .option('--json', 'print the status as JSON'),
  ).action(async (flags: { queue?: string; json?: boolean }) => {
    const target = queueTarget(flags.queue);
    if (!target) throw new UserError('--queue is missing; allowed: redis[s]://[user:password@]host:port[/db] (or set CRUCIBLE_QUEUE)');
    const redis = await connectChecked(target);
    try {
      const status = await queueStatus(target, redis);
      process.stdout.write((flags.json ? JSON.stringify(status, null, 2) : formatQueueStatus(status, target.display, wallClockMs())) + '\n');
    } finally {
      redis.disconnect();
    }
  });
}
