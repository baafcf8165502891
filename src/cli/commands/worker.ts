/**
 * `crucible worker --queue URL [--concurrency N]`: plays batches of any run registered
 * on that Redis by a coordinator (a command run with --queue) with the same code
 * version. Runs until Ctrl-C or SIGTERM (finishing the batches in hand).
 */
import os from 'node:os';
import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { startQueueWorker } from '../../sim/queue/queue-worker.js';
import { positiveInt } from '../args.js';
import { connectChecked, queueTarget, withQueueOption } from './queue.js';

interface WorkerFlags {
  queue?: string;
  concurrency?: string;
  contentDir?: string;
}

export function register(program: Command): void {
  withQueueOption(
    program
      .command('worker')
      .description('play batches of distributed runs from a Redis queue (start one per machine)')
      .option('--concurrency <n>', 'batches played at once, one thread each (default: one per core)')
      .option('--content-dir <dir>', 'where content files sent by coordinators are written by hash (default: under the temp folder)'),
  )
    .addHelpText(
      'after',
      `
Example (on each machine that has the project installed):
  crucible worker --queue redis://:secret@10.0.0.5:6379 --concurrency 8
then on any machine:
  crucible play gladiator-duel --agents heuristic,random --games 100000 --queue redis://:secret@10.0.0.5:6379`,
    )
    .action(async (flags: WorkerFlags) => {
      const target = queueTarget(flags.queue);
      if (!target) throw new UserError('--queue is missing; allowed: redis[s]://[user:password@]host:port[/db] (or set CRUCIBLE_QUEUE)');
      const concurrency = flags.concurrency === undefined ? Math.max(1, os.availableParallelism()) : positiveInt('--concurrency', flags.concurrency);
      (await connectChecked(target)).disconnect();
      const worker = await startQueueWorker({ target, concurrency, ...(flags.contentDir ? { contentDir: flags.contentDir } : {}) });
      await new Promise<void>((resolve) => {
        let stopping = false;
        const stop = (signal: NodeJS.Signals): void => {
          if (stopping) process.exit(signal === 'SIGINT' ? 130 : 143); // a second signal: now
          stopping = true;
          process.stderr.write(`worker ${worker.id}: stopping after the batches in hand (${worker.games()} games played)\n`);
          void worker.close().finally(() => {
            // A connection stuck on a vanished Redis must not keep the process alive.
            setTimeout(() => process.exit(process.exitCode ?? 0), 2000).unref();
            resolve();
          });
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
    });
}
