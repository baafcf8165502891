/**
 * The run folder: config.json (what is being played) and games.jsonl (one finished game
 * per line, appended as games finish). Each line goes to disk in a single write, so a
 * killed run leaves whole lines plus at most one partial last line, which a resumed run
 * cuts off before appending.
 */
import fs from 'node:fs';
import path from 'node:path';
import { UserError, showValue } from '../core/errors.js';
import { canonicalJson, type NormalizedConfig } from './config.js';
import type { GameRecord, RunSummary } from './types.js';

export interface RunStore {
  /** Records already on disk, by game index. */
  readonly done: ReadonlyMap<number, GameRecord>;
  /** Appends one finished game (one write, straight to the file). */
  append(record: GameRecord): void;
  /** Rewrites games.jsonl in index order (same bytes for any worker count) and writes summary.json. */
  finish(records: readonly GameRecord[], summary: RunSummary): void;
  close(): void;
}

function differingField(stored: Record<string, unknown>, config: NormalizedConfig): string {
  const keys = new Set([...Object.keys(stored), ...Object.keys(config)]);
  for (const key of keys) {
    const a = stored[key];
    const b = (config as unknown as Record<string, unknown>)[key];
    if (canonicalJson(a) !== canonicalJson(b)) return `${key} is ${showValue(a)} there, ${showValue(b)} here`;
  }
  return 'the files differ';
}

function readConfig(file: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Record<string, unknown>;
  } catch (err) {
    throw new UserError(`run folder: ${file} is not a readable match config (${(err as Error).message}); allowed: a config.json written by crucible, or an empty folder`);
  }
}

/** Reads whole lines of games.jsonl, cutting off a partial last line left by a killed run. */
function readRecords(file: string, config: NormalizedConfig): Map<number, GameRecord> {
  const done = new Map<number, GameRecord>();
  if (!fs.existsSync(file)) return done;
  const text = fs.readFileSync(file, 'utf8');
  const end = text.lastIndexOf('\n') + 1;
  if (end < text.length) fs.truncateSync(file, Buffer.byteLength(text.slice(0, end)));
  const lines = text.slice(0, end).split('\n');
  lines.pop(); // the empty string after the final newline
  lines.forEach((line, i) => {
    let record: GameRecord;
    try {
      record = JSON.parse(line) as GameRecord;
    } catch {
      throw new UserError(`run folder: ${file} line ${i + 1} is not a game record; allowed: JSON lines written by crucible (delete the folder to start over)`);
    }
    if (!Number.isInteger(record.index) || record.index < 0 || record.index >= config.games) {
      throw new UserError(`run folder: ${file} line ${i + 1} has game index ${showValue(record.index)}; allowed: 0 to ${config.games - 1}`);
    }
    if (!done.has(record.index)) done.set(record.index, record);
  });
  return done;
}

/**
 * Opens (or creates) the run folder for `config`. A folder holding a different config
 * is refused, so two runs never mix their games.
 */
export function openRunStore(outDir: string, config: NormalizedConfig): RunStore {
  try {
    fs.mkdirSync(outDir, { recursive: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new UserError(`--out is ${JSON.stringify(outDir)}: cannot create the run folder (${code}); allowed: a writable folder`);
  }
  const configFile = path.join(outDir, 'config.json');
  const gamesFile = path.join(outDir, 'games.jsonl');
  if (fs.existsSync(configFile)) {
    const stored = readConfig(configFile);
    if (canonicalJson(stored) !== canonicalJson(config)) {
      throw new UserError(
        `--out: ${JSON.stringify(outDir)} holds a run of a different config (${differingField(stored, config)}); allowed: the same config to resume, or another folder`,
      );
    }
  } else {
    fs.writeFileSync(configFile, JSON.stringify(config, null, 2) + '\n');
  }
  const done = readRecords(gamesFile, config);
  let fd: number | null = fs.openSync(gamesFile, 'a');
  return {
    done,
    append(record) {
      if (fd === null) throw new Error('run store is closed');
      fs.writeSync(fd, JSON.stringify(record) + '\n');
    },
    finish(records, summary) {
      this.close();
      const tmp = gamesFile + '.tmp';
      fs.writeFileSync(tmp, records.map((r) => JSON.stringify(r) + '\n').join(''));
      fs.renameSync(tmp, gamesFile);
      fs.writeFileSync(path.join(outDir, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
    },
    close() {
      if (fd !== null) fs.closeSync(fd);
      fd = null;
    },
  };
}
