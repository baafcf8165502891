/**
 * `crucible replay <dir> --game N`: replays one recorded game move by move from its
 * run folder and checks the replay ends with the recorded returns.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { replayGame } from '../../sim/play.js';
import { runBackend, startRuntimes } from '../../sim/runtime.js';
import { codeVersion, describeCode, sameCode, type CodeVersion } from '../../sim/run-key.js';
import type { GameRecord, MatchConfig } from '../../sim/types.js';
import { nonNegativeInt } from '../args.js';

function readRunConfig(dir: string): MatchConfig {
  const file = path.join(dir, 'config.json');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new UserError(`<dir> is ${JSON.stringify(dir)}: no readable config.json there; allowed: a run folder written by \`crucible play\``);
  }
  try {
    return JSON.parse(text) as MatchConfig;
  } catch {
    throw new UserError(`<dir> is ${JSON.stringify(dir)}: config.json is not valid JSON; allowed: a run folder written by \`crucible play\``);
  }
}

/**
 * The record of game `index` in the folder's games.jsonl, read line by line so a run of
 * millions of games is searched in flat memory (only the current line is held).
 */
export async function findRecord(dir: string, index: number): Promise<GameRecord | undefined> {
  const file = path.join(dir, 'games.jsonl');
  if (!fs.existsSync(file)) return undefined;
  const input = fs.createReadStream(file, { encoding: 'utf8' });
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  const marker = `"index":${index},`;
  try {
    for await (const line of lines) {
      if (!line.includes(marker)) continue;
      try {
        const record = JSON.parse(line) as GameRecord;
        if (record.index === index) return record;
      } catch {
        // a partial last line of a killed run
      }
    }
    return undefined;
  } finally {
    lines.close();
    input.destroy();
  }
}

/** Lines of `after` (below its first) that differ from the same line of `before`. */
export function changedLines(before: readonly string[], after: readonly string[]): string[] {
  return after.slice(1).filter((line, i) => line !== before[i + 1]);
}

/** A note when the folder's games were played by other code (a replay may then differ). */
function codeDifference(dir: string, agents: readonly string[]): string | null {
  try {
    const meta = JSON.parse(fs.readFileSync(path.join(dir, 'meta.json'), 'utf8')) as { code?: Partial<CodeVersion>; tf?: string };
    const tf = runBackend(agents);
    if (meta.tf !== tf) return `Note: this folder's network leaves were scored on tfjs backend ${meta.tf ?? '(none recorded)'}; this replay scores them on ${tf ?? '(none)'}, so it may differ.`;
    if (sameCode(meta.code, codeVersion())) return null;
    return `Note: this folder was played by ${describeCode(meta.code)}; this is ${describeCode(codeVersion())}, so the replay may differ.`;
  } catch {
    return `Note: ${path.join(dir, 'meta.json')} is missing or unreadable: the code that played this folder is unknown.`;
  }
}

/** Seats are numbered from 1 in what replay prints, as in play, compare and tune. */
export function seatLabel(seat: number): string {
  return `seat ${seat + 1}`;
}

export function showReturns(returns: readonly number[]): string {
  return returns.map((r, seat) => `${seatLabel(seat)} ${Number(r.toFixed(4))}`).join(', ');
}

/** One replayed step's moves: "seat 1 (random): …; seat 2 (heuristic): …". */
export function showMoves(moves: readonly { seat: number; agent: string; action: string }[]): string {
  return moves.map((m) => `${seatLabel(m.seat)} (${m.agent}): ${m.action}`).join('; ');
}

/** The seating line: "seats: 1=mcts, 2=heuristic". */
export function showSeats(seats: readonly string[]): string {
  return `seats: ${seats.map((s, i) => `${i + 1}=${s}`).join(', ')}`;
}

export function register(program: Command): void {
  program
    .command('replay')
    .description('replay one game of a run folder move by move and check its returns')
    .argument('<dir>', 'run folder written by `crucible play`')
    .requiredOption('--game <n>', 'game index to replay (0-based)')
    .option('--states', 'print the state after every move')
    .action(async (dir: string, flags: { game: string; states?: boolean }) => {
      const config = readRunConfig(dir);
      const index = nonNegativeInt('--game', flags.game);
      if (typeof config.games === 'number' && index >= config.games) {
        throw new UserError(`--game is ${index}; allowed: 0 to ${config.games - 1} (the run has ${config.games} games)`);
      }
      const out: string[] = [];
      const print = (line: string): void => {
        out.push(line);
        if (out.length >= 200) process.stdout.write(out.splice(0).join('\n') + '\n');
      };
      // tfjs first, when an agent scores leaves through it (batch=): the replay uses this backend.
      await startRuntimes(config.agents ?? []);
      const codeNote = codeDifference(dir, config.agents ?? []);
      if (codeNote) print(codeNote);
      // Some games' own move texts keep internal ids (Rumble's P0/H0 count from 0): say so.
      print('Seats are numbered from 1, as in play, compare and tune.' + (config.gameId === 'rumble' ? ' Rumble\'s own ids in moves and states (P0, H0) count from 0: P0/H0 is seat 1.' : ''));
      // Without --states, each move is followed by the lines of the state it changed
      // (below the first, which names who is to move): a strike shows the strength it
      // cost, an auction the powers won, a round the Energy left.
      let previous: string[] = [];
      const record = replayGame(
        config,
        index,
        (step) => {
          print(`${String(step.step + 1).padStart(4)}. ${showMoves(step.moves)}`);
          const lines = step.state.split('\n');
          if (flags.states) print(step.state.replace(/^/gm, '      '));
          else for (const line of changedLines(previous, lines)) print(`        -> ${line.trim()}`);
          previous = lines;
        },
        {
          onStart: (state) => {
            previous = state.split('\n');
            print(`start:\n${state.replace(/^/gm, '  ')}`);
          },
        },
      );
      print(`Game ${index} of ${config.gameId}, seed ${record.seed}; ${showSeats(record.seats)}`);
      if (record.error !== undefined) {
        print(`The game failed after ${record.length} decisions: ${record.error}`);
      } else {
        print(`Final returns: ${showReturns(record.returns)} after ${record.length} decisions`);
      }
      const recorded = await findRecord(dir, index);
      process.stdout.write(out.join('\n') + '\n');
      if (!recorded) {
        process.stdout.write(`Game ${index} is not in ${path.join(dir, 'games.jsonl')} yet: nothing to compare.\n`);
        return;
      }
      const same = JSON.stringify(recorded.returns) === JSON.stringify(record.returns) && recorded.error === record.error;
      if (!same) {
        throw new Error(
          `replay differs from the recorded game ${index}: recorded ${recorded.error ?? showReturns(recorded.returns)}, replayed ${record.error ?? showReturns(record.returns)}`,
        );
      }
      process.stdout.write(`Replay matches the recorded returns.\n`);
    });
}
