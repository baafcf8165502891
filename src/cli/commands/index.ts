/**
 * The commands of `crucible`, one module each; every module exports `register(program)`.
 * Add one line per command.
 */
import type { Command } from 'commander';
import { register as games } from './games.js';
import { register as play } from './play.js';
import { register as replay } from './replay.js';

export const COMMANDS: readonly ((program: Command) => void)[] = [
  games,
  play,
  replay,
];
