/**
 * The run folder read back: records are checked line by line (a null line, edited
 * returns, a record of another seed), reported with their line numbers and played
 * again; runs are keyed on their content files and code version, so an edited map file
 * never reuses games played with the old one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { keyedRunDir, runMatch } from '../../src/sim/runner.js';
import { contentHash, MAX_CONTENT_BYTES, runMeta } from '../../src/sim/run-key.js';
import { firstDifference, recordLine } from '../../src/sim/store.js';
import type { MatchConfig } from '../../src/sim/types.js';
import { testGames } from './fixtures.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'crucible-store-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
let n = 0;
const tempDir = (): string => path.join(root, `run-${n++}`);

const resolveGame = testGames;
const config: MatchConfig = { gameId: 'test-race', options: {}, agents: ['random', 'random'], games: 12, seed: 4 };
const gamesLines = (dir: string): string[] => fs.readFileSync(path.join(dir, 'games.jsonl'), 'utf8').trimEnd().split('\n');

describe('records are validated when a run folder is read', () => {
  it('drops a null line, edited returns and a foreign seed, names their lines, and replays those games', async () => {
    const dir = tempDir();
    const full = await runMatch(config, { outDir: dir, resolveGame });
    const lines = gamesLines(dir);
    const edited = JSON.parse(lines[3]!) as Record<string, unknown>;
    const overShare = JSON.parse(lines[5]!) as { returns: number[] };
    const foreign = JSON.parse(lines[8]!) as { seed: number };
    lines[1] = 'null';
    lines[3] = JSON.stringify({ ...edited, returns: [7, -3] });
    lines[5] = JSON.stringify({ ...overShare, returns: [1.15, 0] });
    lines[8] = JSON.stringify({ ...foreign, seed: foreign.seed + 1 });
    fs.writeFileSync(path.join(dir, 'games.jsonl'), lines.join('\n') + '\n');
    fs.rmSync(path.join(dir, 'summary.json'));

    const warnings: string[] = [];
    const again = await runMatch(config, { outDir: dir, resolveGame, warn: (m) => warnings.push(m) });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/4 line\(s\) are not games of this run and were dropped; their games will be played again/);
    expect(warnings[0]).toMatch(/line 2: not a game record \(null\)/);
    expect(warnings[0]).toMatch(/line 4: returns\.0 is 7; allowed: a share in \[0, 1\]/);
    expect(warnings[0]).toMatch(/line 6: returns\.0 is 1\.15/);
    expect(warnings[0]).toMatch(/line 9: seed is -?\d+, not the seed of game 8 of this run/);
    expect(again.records).toEqual(full.records);
    expect(again.summary).toEqual(full.summary);
    expect(gamesLines(dir)).toEqual(full.records.map((r) => recordLine(r)));
  });

  it('a record edited on disk (a valid record, its checksum stale) is dropped and its game replayed, never kept', async () => {
    const dir = tempDir();
    const full = await runMatch(config, { outDir: dir, resolveGame });
    const lines = gamesLines(dir);
    // An edit that keeps the record valid: only its checksum can tell.
    const record = JSON.parse(lines[2]!) as { tags: Record<string, unknown> };
    lines[2] = JSON.stringify({ ...record, tags: { ...record.tags, endReason: 'TAMPERED' } });
    fs.writeFileSync(path.join(dir, 'games.jsonl'), lines.join('\n') + '\n');
    fs.rmSync(path.join(dir, 'summary.json'));

    const warnings: string[] = [];
    const again = await runMatch(config, { outDir: dir, resolveGame, warn: (m) => warnings.push(m) });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/1 line\(s\) are not games of this run and were dropped; their games will be played again \(line 3: its checksum does not match/);
    expect(fs.readFileSync(path.join(dir, 'games.jsonl'), 'utf8')).not.toContain('TAMPERED');
    expect(again.records).toEqual(full.records);
    expect(gamesLines(dir)).toEqual(full.records.map((r) => recordLine(r)));
  });

  it('returns no records with keepRecords false, and the same summary and file', async () => {
    const a = tempDir();
    const b = tempDir();
    const kept = await runMatch(config, { outDir: a, resolveGame });
    const streamed = await runMatch(config, { outDir: b, resolveGame, keepRecords: false });
    expect(streamed.records).toEqual([]);
    expect(streamed.summary).toEqual(kept.summary);
    expect(fs.readFileSync(path.join(b, 'games.jsonl'), 'utf8')).toBe(fs.readFileSync(path.join(a, 'games.jsonl'), 'utf8'));
    expect(JSON.parse(fs.readFileSync(path.join(b, 'summary.json'), 'utf8'))).toEqual(JSON.parse(JSON.stringify(kept.summary)));
  });
});

describe('runs are keyed on content and code', () => {
  const layout = (starts: number[]) => JSON.stringify({ cards: 4, edges: [[0, 1], [1, 2], [2, 3]], starts });
  const mapConfig = (file: string): MatchConfig => ({
    gameId: 'dark-hero',
    options: { players: 2, turns: 2, map: { layout: 'file', file } },
    agents: ['random'],
    games: 4,
    seed: 3,
  });

  it('hashes the parsed entries: layout and key order do not count, values do', () => {
    expect(contentHash('{"a": 1, "b": [1, 2]}')).toBe(contentHash('b: [1, 2]\na: 1 # a comment\n'));
    expect(contentHash('{"a": 1}')).not.toBe(contentHash('{"a": 2}'));
  });

  it('an edited map file clashes with its old run folder, naming the flag and the content field in full', async () => {
    const file = path.join(root, 'map.json');
    fs.writeFileSync(file, layout([0, 3]));
    const dir = tempDir();
    await runMatch(mapConfig(file), { outDir: dir });
    const before = runMeta(mapConfig(file)).content['map.file']!.sha256;
    fs.writeFileSync(file, layout([0, 2]));
    const after = runMeta(mapConfig(file)).content['map.file']!.sha256;
    expect(after).not.toBe(before);
    await expect(runMatch(mapConfig(file), { outDir: dir, outFlag: '--runs' })).rejects.toThrow(
      new RegExp(`--runs folder ".*" holds another run: a content file changed: content\\.map\\.file\\.sha256 is "${before}" there, "${after}" here; allowed: .*another --runs folder`),
    );
  });

  it('keyedRunDir gives an edited content file its own folder and finds the unchanged one again', async () => {
    const file = path.join(root, 'map2.json');
    fs.writeFileSync(file, layout([0, 3]));
    const first = keyedRunDir(root, 'table', mapConfig(file));
    fs.writeFileSync(file, JSON.stringify(JSON.parse(layout([0, 3])), null, 4)); // same entries, new layout
    expect(keyedRunDir(root, 'table', mapConfig(file))).toBe(first);
    fs.writeFileSync(file, layout([1, 3]));
    expect(keyedRunDir(root, 'table', mapConfig(file))).not.toBe(first);
  });

  it('a folder played by another code version is not reused', async () => {
    const dir = tempDir();
    await runMatch({ ...config, games: 2 }, { outDir: dir, resolveGame });
    const metaFile = path.join(dir, 'meta.json');
    const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as { code: Record<string, unknown> };
    fs.writeFileSync(metaFile, JSON.stringify({ ...meta, code: { ...meta.code, source: 'f'.repeat(16) } }));
    await expect(runMatch({ ...config, games: 2 }, { outDir: dir, resolveGame })).rejects.toThrow(
      /holds another run: its games were played by source ffffffffffffffff.*, this is source [0-9a-f]{16}/,
    );
    // Another commit with the same source (a README change) keeps the games.
    fs.writeFileSync(metaFile, JSON.stringify({ ...meta, code: { ...meta.code, commit: 'e'.repeat(40) } }));
    await expect(runMatch({ ...config, games: 2 }, { outDir: dir, resolveGame })).resolves.toBeDefined();
    fs.rmSync(metaFile);
    await expect(runMatch({ ...config, games: 2 }, { outDir: dir, resolveGame })).rejects.toThrow(/played by an older crucible that kept no source hash/);
  });

  it('names the first differing config field in full, however long', () => {
    const long = 'x'.repeat(200);
    expect(firstDifference({ options: { a: { b: 'short' } } }, { options: { a: { b: long } } })).toBe(`options.a.b is "short" there, "${long}" here`);
  });

  it('refuses an oversized content file before any work', async () => {
    const file = path.join(root, 'huge.json');
    fs.writeFileSync(file, `{"cards": 2, "edges": [[0, 1]], "starts": [0, 1], "pad": "${'x'.repeat(MAX_CONTENT_BYTES)}"}`);
    const dir = tempDir();
    const error = await runMatch(mapConfig(file), { outDir: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as Error).message).toMatch(/map\.file is ".*huge\.json": \d+ bytes; allowed: content files up to 1048576 bytes/);
  });
});
