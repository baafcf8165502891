/**
 * The commands of `crucible`, one module each; every module exports
 * `register(program: Command): void`. Add one line per command.
 */
import type { Command } from 'commander';

export interface CommandModule {
  register(program: Command): void;
}

export const COMMANDS: readonly Promise<CommandModule>[] = [
  import('./games.js'),
  import('./play.js'),
  import('./replay.js'),
  import('./study.js'),
  import('./compare.js'),
  import('./tune.js'),
  import('./build.js'),
  import('./worker.js'),
  import('./queue.js'),
  import('./train.js'),
];
