/**
 * The run folder: config.json (what is played), meta.json (the content files and code
 * version it was played with, see run-key.ts) and games.jsonl (one finished game per
 * line, appended as games finish). Each line goes to disk in a single write, so a
 * killed run leaves whole lines plus at most one partial last line, which a resumed run
 * cuts off before appending.
 *
 * Each line carries a checksum of its record (`"check"`, the first 16 hex digits of the
 * SHA-256 of the record's JSON, written as the line's last field; `recordLine`). A resumed
 * run keeps only lines whose checksum holds: a record edited or damaged on disk (say
 * `"endReason":"TAMPERED"`) is dropped, named in the warning, and its game played again.
 * The checksum guards against edits and damage, not against someone who recomputes it.
 *
 * Memory stays flat in the number of games: records are never held here. Opening reads
 * the file line by line into a bitmap of the games done; finishing sorts the file by
 * game index through a table of byte offsets (12 bytes a game) and hands each record,
 * in index order, to a callback (the streaming summary).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../core/errors.js';
import { canonicalJson, type NormalizedConfig } from './config.js';
import { describeCode, sameCode, type RunMeta } from './run-key.js';
import type { GameRecord } from './types.js';

export interface RunStoreOptions {
  /** The flag that set the folder, named in messages (`--out` for play, `--runs` for studies). */
  readonly flag?: string;
  /** Why a line read back is not a record of this run, or null (see record.ts). */
  readonly check?: (value: unknown) => string | null;
}

/** The checksum of a record's JSON text (16 hex digits of its SHA-256). */
function checksum(json: string): string {
  return createHash('sha256').update(json).digest('hex').slice(0, 16);
}

/** The line of games.jsonl that stores `record` (without its newline): its JSON with a last field `check`, its checksum. */
export function recordLine(record: GameRecord): string {
  const json = JSON.stringify(record);
  return `${json.slice(0, -1)},"check":"${checksum(json)}"}`;
}

const CHECKED = /,"check":"([0-9a-f]{16})"\}$/;

/** True when a line of games.jsonl ends with the checksum of the rest of it (`recordLine`'s form). */
export function lineChecks(line: string): boolean {
  const m = CHECKED.exec(line);
  return m !== null && checksum(line.slice(0, m.index) + '}') === m[1];
}

/** A record read back from a line: without its `check` field. */
function fromLine(text: string): GameRecord {
  const value = JSON.parse(text) as GameRecord & { check?: string };
  delete value.check;
  return value;
}

/** A line of games.jsonl that was dropped (its game is played again). */
export interface CorruptLine {
  readonly line: number;
  readonly problem: string;
}

export interface RunStore {
  readonly dir: string;
  /** done[i] = 1 when game i is on disk. */
  readonly done: Uint8Array;
  readonly doneCount: number;
  /** Lines that were not records of this run: dropped, so their games are replayed. */
  readonly corrupt: readonly CorruptLine[];
  /** Appends one finished game (one write, straight to the file). */
  append(record: GameRecord): void;
  /**
   * Rewrites games.jsonl in index order (the same bytes for any worker count), calling
   * `each` with every record in index order, then writes summary.json from `summary()`.
   */
  finish(each: (record: GameRecord) => void, summary: () => unknown): void;
  close(): void;
}

const CAUSES: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'is a folder',
  EEXIST: 'already exists',
  EIO: 'input/output error',
  EMFILE: 'too many open files',
};

/** "no space left on device (ENOSPC)" */
export function fsCause(err: unknown): string {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (!code) return err instanceof Error ? err.message : String(err);
  return CAUSES[code] ? `${CAUSES[code]} (${code})` : code;
}

/** A failed write or read of the run folder, as one line naming the path and the cause. */
function storeError(action: string, file: string, err: unknown, after = ''): UserError {
  return new UserError(`cannot ${action} ${file}: ${fsCause(err)}${after}`);
}

/**
 * mkdir -p without `recursive: true`: Node's recursive mkdir never returns on some
 * special file systems (`--out /proc/x` hung), so walk up to the nearest existing
 * folder and create the rest one level at a time.
 */
export function makeFolder(dir: string, flag: string): void {
  const missing: string[] = [];
  let at = path.resolve(dir);
  for (;;) {
    let stat: fs.Stats | null = null;
    try {
      stat = fs.statSync(at);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new UserError(`${flag} is ${JSON.stringify(dir)}: cannot use ${at} (${fsCause(err)}); allowed: a writable folder`);
    }
    if (stat) {
      if (!stat.isDirectory()) throw new UserError(`${flag} is ${JSON.stringify(dir)}: ${at} is not a folder; allowed: a writable folder`);
      break;
    }
    missing.push(at);
    const parent = path.dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const folder of missing.reverse()) {
    try {
      fs.mkdirSync(folder);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw new UserError(`${flag} is ${JSON.stringify(dir)}: cannot create ${folder} (${fsCause(err)}); allowed: a writable folder`);
    }
  }
}

/** Calls `fn(line, lineNumber, byteOffset, byteLength)` for each whole line; returns the bytes of whole lines. */
function forEachLine(fd: number, fn: (line: string, lineNo: number, offset: number, bytes: number) => void): number {
  const chunk = Buffer.allocUnsafe(1 << 20);
  let carry = Buffer.alloc(0);
  let offset = 0; // file offset of carry[0]
  let lineNo = 0;
  let position = 0;
  for (;;) {
    const n = fs.readSync(fd, chunk, 0, chunk.length, position);
    if (n === 0) break;
    position += n;
    const buf = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, n)]) : chunk.subarray(0, n);
    let start = 0;
    for (let nl = buf.indexOf(10, start); nl >= 0; nl = buf.indexOf(10, start)) {
      lineNo++;
      fn(buf.toString('utf8', start, nl), lineNo, offset + start, nl - start + 1);
      start = nl + 1;
    }
    offset += start;
    carry = Buffer.from(buf.subarray(start));
  }
  return offset;
}

/** Compares stored and current values; the first field that differs, in full (dotted path). */
export function firstDifference(stored: unknown, current: unknown, at = ''): string | null {
  if (canonicalJson(stored) === canonicalJson(current)) return null;
  const bothObjects = stored !== null && current !== null && typeof stored === 'object' && typeof current === 'object' && Array.isArray(stored) === Array.isArray(current);
  if (bothObjects) {
    const a = stored as Record<string, unknown>;
    const b = current as Record<string, unknown>;
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const found = firstDifference(a[key], b[key], at ? `${at}.${key}` : key);
      if (found) return found;
    }
  }
  const show = (v: unknown) => (v === undefined ? '(not set)' : JSON.stringify(v));
  return `${at || 'the config'} is ${show(stored)} there, ${show(current)} here`;
}

function readJson(file: string, what: string, flag: string): Record<string, unknown> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw storeError('read', file, err);
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Record<string, unknown>;
  } catch (err) {
    throw new UserError(`run folder: ${file} is not a readable ${what} (${(err as Error).message}); allowed: a ${path.basename(file)} written by crucible (or use another ${flag} folder)`);
  }
}

function writeFileOrFail(file: string, text: string): void {
  try {
    fs.writeFileSync(file, text);
  } catch (err) {
    throw storeError('write', file, err);
  }
}

/**
 * Opens (or creates) the run folder for `config` played with `meta`. A folder holding a
 * different config, other content or another code version is refused with the first
 * field that differs, so two runs never mix their games.
 */
export function openRunStore(outDir: string, config: NormalizedConfig, meta: RunMeta, opts: RunStoreOptions = {}): RunStore {
  const flag = opts.flag ?? '--out';
  makeFolder(outDir, flag);
  const configFile = path.join(outDir, 'config.json');
  const metaFile = path.join(outDir, 'meta.json');
  const gamesFile = path.join(outDir, 'games.jsonl');
  const clash = (why: string): UserError =>
    new UserError(`${flag} folder ${JSON.stringify(outDir)} holds another run: ${why}; allowed: the same run to resume, another ${flag} folder, or delete this one to start over`);

  if (fs.existsSync(configFile)) {
    const diff = firstDifference(readJson(configFile, 'match config', flag), config);
    if (diff) throw clash(diff);
    if (!fs.existsSync(metaFile)) throw clash(`its games were played by ${describeCode(undefined)}, this is ${describeCode(meta.code)}`);
    const stored = readJson(metaFile, 'run meta', flag);
    const contentDiff = firstDifference(stored['content'] ?? '(none recorded)', meta.content, 'content');
    if (contentDiff) throw clash(`a content file changed: ${contentDiff}`);
    if (!sameCode(stored['code'] as Partial<RunMeta['code']> | undefined, meta.code)) {
      throw clash(`its games were played by ${describeCode(stored['code'] as RunMeta['code'] | undefined)}, this is ${describeCode(meta.code)}`);
    }
    const storedTf = stored['tf'] as string | undefined;
    if (storedTf !== meta.tf) throw clash(`its network leaves were scored on tfjs backend ${storedTf ?? '(none)'}, this run's are on ${meta.tf ?? '(none)'}`);
  } else {
    // A games.jsonl without config.json (copied in by hand) is read like any other:
    // lines that are not games of this run (wrong seed or seats) are dropped.
    writeFileOrFail(configFile, JSON.stringify(config, null, 2) + '\n');
    writeFileOrFail(metaFile, JSON.stringify(meta, null, 2) + '\n');
  }

  const done = new Uint8Array(config.games);
  let doneCount = 0;
  const corrupt: CorruptLine[] = [];
  let fd: number | null;
  try {
    fd = fs.openSync(gamesFile, 'a+');
  } catch (err) {
    throw storeError('open', gamesFile, err, `; allowed: a writable ${flag} folder`);
  }
  let wholeBytes: number;
  try {
    if (!fs.fstatSync(fd).isFile()) throw Object.assign(new Error(), { code: 'not a regular file' });
    wholeBytes = forEachLine(fd, (line, lineNo) => {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        corrupt.push({ line: lineNo, problem: 'not JSON' });
        return;
      }
      const problem = (opts.check ? opts.check(value) : null) ?? (lineChecks(line) ? null : 'its checksum does not match (the line was edited or damaged)');
      if (problem) {
        corrupt.push({ line: lineNo, problem });
        return;
      }
      const index = (value as GameRecord).index;
      if (done[index]) {
        corrupt.push({ line: lineNo, problem: `game ${index} is already on an earlier line` });
        return;
      }
      done[index] = 1;
      doneCount++;
    });
  } catch (err) {
    fs.closeSync(fd);
    throw storeError('read', gamesFile, err);
  }
  try {
    // A partial last line of a killed run: cut it. Corrupt lines: keep only good ones.
    if (corrupt.length > 0) {
      fs.closeSync(fd);
      fd = null;
      dropLines(gamesFile, new Set(corrupt.map((c) => c.line)));
      fd = fs.openSync(gamesFile, 'a');
    } else if (fs.fstatSync(fd).size > wholeBytes) {
      fs.ftruncateSync(fd, wholeBytes);
    }
  } catch (err) {
    if (fd !== null) fs.closeSync(fd);
    throw storeError('repair', gamesFile, err, '; the file is unchanged');
  }

  const close = (): void => {
    if (fd !== null) fs.closeSync(fd);
    fd = null;
  };
  // Bytes of whole lines in the file: a failed write is cut back to here, so a full
  // disk never leaves a torn last line.
  let size = 0;
  try {
    size = fs.fstatSync(fd).size;
  } catch (err) {
    close();
    throw storeError('read', gamesFile, err);
  }
  return {
    dir: outDir,
    done,
    doneCount,
    corrupt,
    append(record) {
      if (fd === null) throw new Error('run store is closed');
      const line = Buffer.from(recordLine(record) + '\n');
      try {
        // A short write means the disk filled mid-line; treat it as the error it is.
        if (fs.writeSync(fd, line) < line.length) throw Object.assign(new Error('short write'), { code: 'ENOSPC' });
        size += line.length;
      } catch (err) {
        try {
          fs.ftruncateSync(fd, size);
        } catch {
          // The partial line stays; the next open cuts it.
        }
        close();
        throw storeError('write', gamesFile, err, '; the games written so far are kept: fix that and rerun the same command to resume');
      }
    },
    finish(each, summary) {
      close();
      sortByIndex(gamesFile, config.games, each);
      writeFileOrFail(path.join(outDir, 'summary.json'), JSON.stringify(summary(), null, 2) + '\n');
    },
    close,
  };
}

/** Rewrites `file` without the given line numbers (through a temporary file). */
function dropLines(file: string, drop: ReadonlySet<number>): void {
  const tmp = file + '.tmp';
  const input = fs.openSync(file, 'r');
  const output = fs.openSync(tmp, 'w');
  try {
    forEachLine(input, (line, lineNo) => {
      if (!drop.has(lineNo)) fs.writeSync(output, line + '\n');
    });
  } finally {
    fs.closeSync(input);
    fs.closeSync(output);
  }
  fs.renameSync(tmp, file);
}

/**
 * Sorts games.jsonl by game index with flat memory: a table of byte offsets, then
 * positional reads in index order into a temporary file that replaces the original.
 * On a write error the original (holding every game) is kept.
 */
function sortByIndex(file: string, games: number, each: (record: GameRecord) => void): void {
  const offsets = new Float64Array(games).fill(-1);
  const sizes = new Uint32Array(games);
  let input: number;
  try {
    input = fs.openSync(file, 'r');
  } catch (err) {
    throw storeError('read', file, err);
  }
  const tmp = file + '.tmp';
  let output: number | null = null;
  try {
    let inOrder = true;
    let previous = -1;
    forEachLine(input, (line, _lineNo, offset, bytes) => {
      const index = (JSON.parse(line) as GameRecord).index;
      offsets[index] = offset;
      sizes[index] = bytes;
      if (index !== previous + 1) inOrder = false;
      previous = index;
    });
    const missing = offsets.indexOf(-1);
    if (missing >= 0) throw new Error(`game ${missing} is missing from ${file}`);
    const out = Buffer.allocUnsafe(1 << 20);
    let used = 0;
    try {
      if (!inOrder) output = fs.openSync(tmp, 'w');
      let line = Buffer.allocUnsafe(64 * 1024);
      for (let i = 0; i < games; i++) {
        const size = sizes[i]!;
        if (size > line.length) line = Buffer.allocUnsafe(size * 2);
        fs.readSync(input, line, 0, size, offsets[i]!);
        each(fromLine(line.toString('utf8', 0, size - 1)));
        if (output === null) continue;
        if (used + size > out.length) {
          fs.writeSync(output, out, 0, used);
          used = 0;
        }
        if (size > out.length) fs.writeSync(output, line, 0, size);
        else {
          line.copy(out, used, 0, size);
          used += size;
        }
      }
      if (output !== null && used > 0) fs.writeSync(output, out, 0, used);
    } catch (err) {
      if (output !== null) {
        fs.closeSync(output);
        output = null;
        fs.rmSync(tmp, { force: true });
      }
      if ((err as NodeJS.ErrnoException).code) {
        throw storeError('write', tmp, err, `; every game is kept, unsorted, in ${file}: fix that and rerun the same command`);
      }
      throw err;
    }
    if (output !== null) {
      fs.closeSync(output);
      output = null;
      fs.renameSync(tmp, file);
    }
  } finally {
    if (output !== null) fs.closeSync(output);
    fs.closeSync(input);
  }
}
