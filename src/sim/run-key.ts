/**
 * What a run's results depend on besides its config: the content files its options
 * name and the code that played it. Together with the normalized config this is the
 * run's key: a run folder is reused only when the key matches, so editing a map or a
 * power file, or changing the engines, never silently reuses games played before.
 *
 * - Content: any option field named `file` or ending in `File` (e.g. `map.file`,
 *   `powerFile`) whose value is a string is a content file. Its key is the SHA-256 of its
 *   parsed entries in canonical form (YAML/JSON; key order, comments and layout do not
 *   count), or of its bytes when it does not parse (the game reports that at setup).
 *   Content given inline in the options (a Rumble study's user powers) is keyed by the
 *   options themselves.
 * - Code: a hash of the source that decides outcomes (the one queue workers match),
 *   the package version and ENGINE_VERSION; the git commit is recorded for people.
 * - Backend: the tfjs backend (wasm, native `tensorflow`, cpu) when an agent scores its
 *   leaves through tfjs (`mcts:prior=net:…,batch=B`): float32 sums differ between
 *   backends, so a run played on one is never resumed on another.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { checkBoundedFile, readBoundedFile, MAX_CONTENT_BYTES } from '../core/content-file.js';
import { canonicalJson, normalizeConfig, type NormalizedConfig } from './config.js';
import type { MatchConfig } from './types.js';
import { getGame } from '../games/index.js';
import { codeVersion as sourceHash } from './queue/run-key.js';
import { runBackend } from './runtime.js';
import type { TfBackend } from '../core/tf.js';

/**
 * Bump when engines or agents change results in a release whose package version stays
 * the same (installs without git have only these two numbers to tell code apart).
 */
export const ENGINE_VERSION = 1;

/**
 * Content files larger than this are refused before any work: a 10 MB power file took
 * minutes to compile and gigabytes of memory. Real maps and power lists are a few KB.
 */
export { MAX_CONTENT_BYTES };

export interface CodeVersion {
  /** package.json version. */
  readonly crucible: string;
  readonly engine: number;
  /**
   * SHA-256 of the source that decides outcomes (src/core, src/games, src/sim, agents,
   * package-lock.json): the same hash queue workers must match, so a run folder and a
   * queue agree on what "the same code" is, uncommitted edits included.
   */
  readonly source: string;
  /** Git commit of the checkout, null outside git. For people reading meta.json; not compared. */
  readonly commit: string | null;
}

/** The part of a code version that decides whether games can be reused. */
export function codeIdentity(code: CodeVersion): Pick<CodeVersion, 'crucible' | 'engine' | 'source'> {
  return { crucible: code.crucible, engine: code.engine, source: code.source };
}

/** True when games played by `a` can stand for games played by `b`. */
export function sameCode(a: Partial<CodeVersion> | undefined, b: CodeVersion): boolean {
  return a !== undefined && a.crucible === b.crucible && a.engine === b.engine && a.source === b.source;
}

export interface ContentEntry {
  /** The path as the options give it. */
  readonly file: string;
  /** SHA-256 (16 hex) of the parsed entries (or of the bytes), or with `used` of the content the match uses. */
  readonly sha256: string;
  /** The hash is of the content the match plays with (Game.contentUsed), not of the whole file. */
  readonly used?: boolean;
}

/** Stored as meta.json beside config.json. */
export interface RunMeta {
  /** Content file of each option path, e.g. { "map.file": {...} }. */
  readonly content: Readonly<Record<string, ContentEntry>>;
  readonly code: CodeVersion;
  /**
   * The tfjs backend that scores network leaves, when an agent does so (`batch=`; see
   * runtime.ts): its numbers, and so the moves, depend on it. Absent otherwise, so the
   * keys of runs without such agents are what they always were.
   */
  readonly tf?: TfBackend;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function git(args: readonly string[]): string | null {
  try {
    return execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000, maxBuffer: 64 * 1024 * 1024 });
  } catch {
    return null;
  }
}

function realpath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

let cachedCode: CodeVersion | null = null;

/** The version of the code in this checkout (computed once per process). */
export function codeVersion(): CodeVersion {
  if (cachedCode) return cachedCode;
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version?: string };
  // Only this checkout's own repository counts (an install inside a user's repo is not it).
  const top = git(['rev-parse', '--show-toplevel'])?.trim();
  const own = top !== undefined && realpath(top) === realpath(ROOT);
  const commit = own ? git(['rev-parse', 'HEAD'])?.trim() || null : null;
  cachedCode = { crucible: pkg.version ?? '0.0.0', engine: ENGINE_VERSION, source: sourceHash(), commit };
  return cachedCode;
}

/** "source 1a2b3c4d5e6f (commit 9f8e7d6c5b4a), crucible 0.1.0, engine 1". */
export function describeCode(code: Partial<CodeVersion> | undefined): string {
  if (!code || code.source === undefined) return 'an older crucible that kept no source hash';
  const commit = code.commit ? ` (commit ${code.commit.slice(0, 12)})` : '';
  return `source ${code.source}${commit}, crucible ${code.crucible}, engine ${code.engine}`;
}

/** Every `file` / `*File` string field of the options, by dotted path. */
export function contentFiles(options: unknown, prefix = ''): { path: string; file: string }[] {
  if (options === null || typeof options !== 'object') return [];
  const out: { path: string; file: string }[] = [];
  for (const [key, value] of Object.entries(options)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string' && (key === 'file' || /File$/.test(key))) out.push({ path: at, file: value });
    else if (value !== null && typeof value === 'object') out.push(...contentFiles(value, at));
  }
  return out;
}

/**
 * Checks a content file is a readable regular file within MAX_CONTENT_BYTES, with one
 * line naming `where`, the path and the cause; returns its size.
 */
export function checkContentFile(where: string, file: string): number {
  return checkBoundedFile(where, file);
}

/** Every content file the options name, checked (see checkContentFile) before any work. */
export function checkContentFiles(gameId: string, options: unknown): void {
  for (const ref of contentFiles(options)) checkContentFile(`${gameId} options: ${ref.path}`, ref.file);
}

/** Reads a content file with the checks of checkContentFile (bounded, regular file only). */
export function readContentFile(where: string, file: string): string {
  return readBoundedFile(where, file);
}

/** The key of a content file's text: its parsed entries in canonical form, else its bytes. */
export function contentHash(text: string): string {
  let canonical: string;
  try {
    canonical = 'parsed:' + canonicalJson(YAML.parse(text));
  } catch {
    canonical = 'bytes:' + text;
  }
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}

/**
 * The trained models the agent specs name (`model=DIR`, also inside `prior=net:model=DIR`),
 * keyed like content files by the SHA-256 of their model.json and weights.bin: a retrained
 * model at the same path never reuses games its predecessor played. A missing model is
 * left to the agent check (one clear line when the match is prepared).
 */
function modelEntries(agents: readonly string[]): Record<string, ContentEntry> {
  const out: Record<string, ContentEntry> = {};
  for (const spec of agents) {
    for (const m of spec.matchAll(/(?:^|[:,])model=([^,]+)/g)) {
      const dir = m[1]!.trim();
      try {
        const hash = createHash('sha256');
        for (const file of ['model.json', 'weights.bin']) hash.update(fs.readFileSync(path.join(dir, file)));
        out[`model:${dir}`] = { file: dir, sha256: hash.digest('hex').slice(0, 16) };
      } catch {
        /* reported by the agent spec check */
      }
    }
  }
  return out;
}

/**
 * The hash of the content a match of `config` plays with (Game.contentUsed), or undefined
 * when the game does not say (or its options do not parse: the game reports that at setup).
 */
function usedContentHash(config: MatchConfig): string | undefined {
  let game;
  try {
    game = getGame(config.gameId);
  } catch {
    return undefined;
  }
  if (!game.contentUsed) return undefined;
  try {
    const used = game.contentUsed(game.optionsSchema.parse(config.options ?? {}) as never);
    return createHash('sha256').update('used:' + canonicalJson(used)).digest('hex').slice(0, 16);
  } catch {
    return undefined;
  }
}

/**
 * The content and code a run of `config` depends on (reads every content file once).
 * A game that says which content its matches use (Game.contentUsed: Ophidian's seated
 * decks) is keyed on that, each file's entry marked `used`, so an edit to an item the
 * match never holds keeps the key; other games' files are keyed whole.
 */
export function runMeta(config: MatchConfig): RunMeta {
  const content: Record<string, ContentEntry> = {};
  const refs = contentFiles(config.options);
  for (const ref of refs) checkContentFile(`${config.gameId} options: ${ref.path}`, ref.file);
  const used = refs.length > 0 ? usedContentHash(config) : undefined;
  for (const ref of refs) {
    content[ref.path] =
      used === undefined ? { file: ref.file, sha256: contentHash(readContentFile(`${config.gameId} options: ${ref.path}`, ref.file)) } : { file: ref.file, sha256: used, used: true };
  }
  Object.assign(content, modelEntries(config.agents));
  const tf = runBackend(config.agents);
  return { content, code: codeVersion(), ...(tf ? { tf } : {}) };
}

/** A short hash of config + content + code: the default run folder name of `crucible play`. */
export function runKeyHash(config: MatchConfig, meta: RunMeta = runMeta(config)): string {
  const normalized: NormalizedConfig = normalizeConfig(config);
  const key = { config: normalized, content: meta.content, code: codeIdentity(meta.code), ...(meta.tf ? { tf: meta.tf } : {}) };
  return createHash('sha256').update(canonicalJson(key)).digest('hex').slice(0, 8);
}

/**
 * `parent/name-<key hash>`: a folder per (config, content, code). Studies that name their
 * tables use it so an edited content file or new code plays into a fresh folder while
 * unchanged tables resume from theirs.
 */
export function keyedRunDir(parent: string, name: string, config: MatchConfig, meta: RunMeta = runMeta(config)): string {
  return path.join(parent, `${name}-${runKeyHash(config, meta)}`);
}
