/**
 * The `crucible` command. Each command lives in ./commands and registers itself on the
 * program. A UserError (bad argument, option, file) prints one line and exits 2; any
 * other error is a bug: its message, exit 1 (with the stack when CRUCIBLE_DEBUG is set).
 */
import { Command, CommanderError } from 'commander';
import { Interrupted, UserError, errorLine } from '../core/errors.js';
import { codeVersion } from '../sim/run-key.js';
import { versionLine as tfVersionLine } from '../core/tf.js';
import { closeRunnerPool } from '../sim/pool.js';
import { COMMANDS } from './commands/index.js';

export async function buildProgram(): Promise<Command> {
  const program = new Command('crucible')
    .description('Balance testing for hero and gladiator games: agents play them at scale, statistics say what is fair.')
    .version(`${versionLine()}\n${tfLine()}`, '-V, --version', 'print the version (package, engine, git commit) and the tfjs backend fits and training use')
    .exitOverride();
  for (const command of await Promise.all(COMMANDS)) command.register(program);
  return program;
}

/** "crucible 0.1.0 (engine 1, source 1a2b3c4d5e6f7a8b, commit 9f8e7d6c5b4a)": what run folders record as the code version. */
function versionLine(): string {
  const code = codeVersion();
  return `crucible ${code.crucible} (engine ${code.engine}, source ${code.source}${code.commit ? `, commit ${code.commit.slice(0, 12)}` : ''})`;
}

/** The tfjs backend in one line: said here (and in the README) once, not on every study run. */
function tfLine(): string {
  return tfVersionLine();
}

function onStdoutError(err: NodeJS.ErrnoException): void {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
}

/** Runs the CLI on `argv` (process.argv form) and returns the exit code. */
export async function main(argv: readonly string[] = process.argv): Promise<number> {
  // `crucible replay ... | head` closes stdout early: that is not an error. Installed
  // once per process, as tests call main() many times in one process.
  if (!process.stdout.listeners('error').includes(onStdoutError)) process.stdout.on('error', onStdoutError);
  try {
    const program = await buildProgram();
    await program.parseAsync([...argv]);
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      // Commander has already printed its message (usage errors are user errors).
      return err.exitCode === 0 ? 0 : 2;
    }
    if (err instanceof Interrupted) {
      process.stderr.write(`${err.message}\n`);
      return err.exitCode;
    }
    if (err instanceof UserError) {
      process.stderr.write(`error: ${errorLine(err.message)}\n`);
      return 2;
    }
    const error = err instanceof Error ? err : new Error(String(err));
    process.stderr.write(`unexpected error: ${errorLine(error.message)}\n`);
    if (process.env['CRUCIBLE_DEBUG']) process.stderr.write(`${error.stack ?? ''}\n`);
    return 1;
  } finally {
    await closeRunnerPool();
  }
}
