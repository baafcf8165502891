/**
 * User content files named in options (a field `file` or `...File`, e.g. dark-hero's
 * `map.file`) travel with the run by content hash: the coordinator reads and hashes
 * each file and stores its text in Redis; a worker fetches it, checks the hash, writes
 * it under its own content folder as <hash><ext> and points the option there. So a
 * worker on another machine plays exactly the file the coordinator validated, and a
 * worker never opens a path that came from the queue.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UserError, showValue } from '../../core/errors.js';
import type { ContentRef } from './job.js';
import { readBoundedFile } from '../../core/content-file.js';

/** Option fields that hold a file path. */
export function isFileField(key: string): boolean {
  return key === 'file' || /^[a-z][A-Za-z0-9]*File$/.test(key);
}

export interface ContentFile extends ContentRef {
  readonly text: string;
}

const EXTENSIONS = ['.json', '.yaml', '.yml'] as const;

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Finds every file path in `options` and reads it (coordinator side). */
export function collectContent(options: unknown): ContentFile[] {
  const found: ContentFile[] = [];
  const walk = (value: unknown, at: (string | number)[]): void => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...at, i]));
    else if (value !== null && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if (isFileField(key) && typeof v === 'string') found.push(readContent(v, [...at, key]));
        else walk(v, [...at, key]);
      }
    }
  };
  walk(options, []);
  return found;
}

function readContent(file: string, at: (string | number)[]): ContentFile {
  const where = `options ${at.join('.')}`;
  const ext = path.extname(file).toLowerCase();
  if (!(EXTENSIONS as readonly string[]).includes(ext)) throw new UserError(`${where} is ${showValue(file)}; allowed: a .json, .yaml or .yml file (content travels to queue workers by hash)`);
  const text = readBoundedFile(where, file);
  return { at, hash: sha256(text), ext: ext as ContentRef['ext'], text };
}

/** A worker's content folder: only files written here by hash are ever opened. */
export function defaultContentDir(): string {
  return path.join(os.tmpdir(), `crucible-content-${process.getuid?.() ?? 'user'}`);
}

/**
 * Returns `options` with every content path replaced by the worker's own copy, and
 * refuses options that name any other file (a path from the queue is never opened).
 * `fetchText(hash)` gives the text stored by the coordinator.
 */
export async function materializeContent(
  options: Readonly<Record<string, unknown>>,
  refs: readonly ContentRef[],
  contentDir: string,
  fetchText: (hash: string) => Promise<string | null>,
): Promise<Record<string, unknown>> {
  const copy = structuredClone(options) as Record<string, unknown>;
  const replaced = new Set<string>();
  fs.mkdirSync(contentDir, { recursive: true, mode: 0o700 });
  for (const ref of refs) {
    const file = path.join(contentDir, ref.hash + ref.ext);
    if (!fs.existsSync(file)) {
      const text = await fetchText(ref.hash);
      if (text === null) throw new UserError(`queue job: content ${ref.hash.slice(0, 12)} is not in Redis; allowed: content stored by the coordinator`);
      if (sha256(text) !== ref.hash) throw new UserError(`queue job: content ${ref.hash.slice(0, 12)} does not match its hash`);
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, text, { mode: 0o600 });
      fs.renameSync(tmp, file);
    }
    let parent: unknown = copy;
    for (const key of ref.at.slice(0, -1)) parent = (parent as Record<string | number, unknown> | null)?.[key];
    const last = ref.at[ref.at.length - 1]!;
    if (parent === null || typeof parent !== 'object' || !Object.hasOwn(parent, last) || typeof (parent as Record<string | number, unknown>)[last] !== 'string') {
      throw new UserError(`queue job: content path ${ref.at.join('.')} is not a file field of the options`);
    }
    (parent as Record<string | number, unknown>)[last] = file;
    replaced.add(ref.at.join('\0'));
  }
  // Every file field must now point at a copy made above.
  const walk = (value: unknown, at: (string | number)[]): void => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...at, i]));
    else if (value !== null && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if (isFileField(key) && typeof v === 'string' && !replaced.has([...at, key].join('\0'))) {
          throw new UserError(`queue job: options ${[...at, key].join('.')} names a file that did not travel with the job; allowed: content by hash only`);
        }
        walk(v, [...at, key]);
      }
    }
  };
  walk(copy, []);
  return copy;
}
