/**
 * Every input path is bounded (issue #31): every content and options file of every command
 * is a regular file of at most 1 MiB, checked before it is read; an error line quotes at
 * most ~60 characters of a value, escaped (never binary bytes, never a line of a file the
 * user pointed at by mistake); `--out`/`--runs`/`--report` are created and checked before
 * any game; numeric flags out of range are refused, not replaced. Each case: one line on
 * stderr, exit 2, no stack trace. All run in this process through the CLI's entry point
 * (each case ends before any game).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crucibleInProcess, type CliResult } from './helpers.js';

// The first import of the CLI (every command, tsx compiling) takes seconds, a minute on a
// machine 8x loaded: paid once here, under the suite's ceiling (vitest.config.ts), not in a case.
beforeAll(() => import('../../src/cli/main.js'));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crucible-inputs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const at = (name: string) => path.join(dir, name);
const zero = at('zero.yaml');
fs.symlinkSync('/dev/zero', zero);
const passwd = at('passwd.yaml');
fs.symlinkSync('/etc/passwd', passwd);
const passwdJson = at('passwd.json');
fs.symlinkSync('/etc/passwd', passwdJson);
// Bytes 0..255 repeated: control characters, invalid UTF-8, everything a binary file holds.
const binary = at('binary.yaml');
fs.writeFileSync(binary, Buffer.from(Array.from({ length: 12_000 }, (_, i) => (i * 37 + 11) % 256)));
// 2 MiB of valid YAML: refused by its size, not by its contents.
const big = at('big.yaml');
fs.writeFileSync(big, `# ${'x'.repeat(2 * 1024 * 1024)}\n{}\n`);
const fifo = at('fifo.yaml');
let hasFifo = true;
try {
  (await import('node:child_process')).execFileSync('mkfifo', [fifo]);
} catch {
  hasFifo = false;
}
const regularFile = at('plain.txt');
fs.writeFileSync(regularFile, 'a file, not a folder\n');

/** One line, exit 2, no stack trace, no control or replacement characters, not longer than `max`. */
function refusedInOneLine(r: CliResult, pattern: RegExp, max = 300): string {
  expect(r.code).toBe(2);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  const line = lines[0]!;
  expect(line).toMatch(pattern);
  expect(line.length).toBeLessThanOrEqual(max);
  expect(line).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufffd]/);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  return line;
}

/** Every command argument that names a content or options file, with the file put in its place. */
const FILE_ARGS: [string, (file: string) => string[]][] = [
  ['play --options', (f) => ['play', 'gladiator-duel', '--options', f, '--games', '2']],
  ['compare --a', (f) => ['compare', 'gladiator-duel', '--a', f, '--a-a', '--games', '2', '--out', at('reports')]],
  ['compare --b', (f) => ['compare', 'gladiator-duel', '--a', '{}', '--b', f, '--games', '2', '--out', at('reports')]],
  ['tune --options', (f) => ['tune', 'gladiator-duel', '--param', 'lightApBonus', '--options', f, '--games', '2', '--out', at('reports')]],
  ['train --options', (f) => ['train', 'gladiator-duel', '--options', f, '--out', at('model')]],
  ['build <file>', (f) => ['build', f]],
  ['build --options', (f) => ['build', 'src/games/superhero-gladiators/heroes/sample.yaml', '--options', f]],
  ['study --options', (f) => ['study', 'gladiator-duel-matchups', '--options', f, '--out', at('reports'), '--runs', at('runs')]],
  ['study --power-file', (f) => ['study', 'rumble-power-values', '--power-file', f, '--out', at('reports'), '--runs', at('runs')]],
  ['study --hero-file', (f) => ['study', 'superhero-gladiators-samples', '--hero-file', f, '--out', at('reports'), '--runs', at('runs')]],
  ['study --card-file', (f) => ['study', 'ophidian-teams', '--card-file', f, '--out', at('reports'), '--runs', at('runs')]],
  ['study --deck-file', (f) => ['study', 'ophidian-teams', '--deck-file', f, '--out', at('reports'), '--runs', at('runs')]],
  ['play dark-hero map.file', (f) => ['play', 'dark-hero', '--options', JSON.stringify({ map: { layout: 'file', file: f } }), '--games', '2', '--out', at('run-dh')]],
  ['play rumble powerFile', (f) => ['play', 'rumble', '--options', JSON.stringify({ powerFile: f }), '--games', '2', '--out', at('run-r')]],
  ['play ophidian cardFile', (f) => ['play', 'ophidian', '--options', JSON.stringify({ cardFile: f }), '--games', '2', '--out', at('run-o')]],
];

describe('content and options files: a regular file of at most 1 MiB, checked before reading', () => {
  it.each(FILE_ARGS)('%s: a symlink to /dev/zero is refused without reading it', async (_name, args) => {
    refusedInOneLine(await crucibleInProcess(args(zero)), /not a regular file|allowed: /);
  });

  it.each(FILE_ARGS)('%s: a 2 MiB file is refused by its size', async (_name, args) => {
    refusedInOneLine(await crucibleInProcess(args(big)), /\d{7} bytes; allowed: content files up to 1048576 bytes \(1 MiB\)/);
  });

  it.skipIf(!hasFifo).each(FILE_ARGS.slice(0, 2))('%s: a FIFO with no writer is refused without blocking', async (_name, args) => {
    refusedInOneLine(await crucibleInProcess(args(fifo)), /not a regular file/);
  });
});

describe('error lines quote at most ~60 characters of a value, escaped', () => {
  it.each(FILE_ARGS)('%s: a binary file gives a short line without binary bytes', async (_name, args) => {
    refusedInOneLine(await crucibleInProcess(args(binary)), /allowed: |not valid/);
  });

  it.each(FILE_ARGS)('%s: a symlink to /etc/passwd never echoes a line of it', async (_name, args) => {
    for (const file of [passwd, passwdJson]) {
      const line = refusedInOneLine(await crucibleInProcess(args(file)), /allowed: |not valid/);
      expect(line).not.toMatch(/root:x|:0:0:|\/bin\/(ba)?sh|nologin/);
    }
  });

  it('a long inline value is cut to 60 characters with its length named', async () => {
    const line = refusedInOneLine(await crucibleInProcess(['play', 'gladiator-duel', '--agents', 'random', '--seed', '1', '--games', 'x'.repeat(5000)]), /--games is "x{57}\.\.\." \(5000 characters\); allowed: a positive integer/);
    expect(line.length).toBeLessThan(200);
  });
});

describe('--out, --runs and --report are checked before any game, for every command', () => {
  const OUT_ARGS: [string, (out: string) => string[]][] = [
    ['study --out', (o) => ['study', 'gladiator-duel-matchups', '--out', o, '--runs', at('runs')]],
    ['study --runs', (o) => ['study', 'gladiator-duel-matchups', '--out', at('reports'), '--runs', o]],
    ['compare --out', (o) => ['compare', 'gladiator-duel', '--a', '{}', '--a-a', '--agents', 'random', '--games', '2', '--out', o]],
    ['tune --out', (o) => ['tune', 'gladiator-duel', '--param', 'lightApBonus', '--agents', 'random', '--games', '2', '--out', o]],
    ['train --out', (o) => ['train', 'gladiator-duel', '--generations', '1', '--games', '2', '--out', o]],
    ['train --report', (o) => ['train', 'gladiator-duel', '--generations', '1', '--games', '2', '--out', at('model'), '--report', o]],
    ['play --out', (o) => ['play', 'gladiator-duel', '--games', '2', '--out', o]],
  ];

  it.each(OUT_ARGS)('%s under /proc: one line, no hang', async (flag, args) => {
    refusedInOneLine(await crucibleInProcess(args('/proc/crucible-x/y')), new RegExp(`^error: ${flag.split(' ')[1]} is "/proc/crucible-x/y": cannot create /proc/crucible-x`));
  });

  it.each(OUT_ARGS)('%s under a regular file: refused before any game', async (flag, args) => {
    const out = path.join(regularFile, 'x');
    refusedInOneLine(await crucibleInProcess(args(out)), new RegExp(`^error: ${flag.split(' ')[1]} is ".*plain\\.txt/x": cannot use .*plain\\.txt/x \\(a part of the path is not a folder \\(ENOTDIR\\)\\)`));
  });
});

describe('numeric flags out of range are refused, not replaced', () => {
  it('compare --h1 outside the measure\'s range: refused before the run folder is written', async () => {
    const cwd = process.cwd();
    const work = at('compare-h1');
    fs.mkdirSync(work);
    process.chdir(work);
    try {
      refusedInOneLine(await crucibleInProcess(['compare', 'gladiator-duel', '--a', '{}', '--a-a', '--agents', 'random', '--games', '2', '--h1', '5', '--out', 'reports']), /^error: --h1 is 5; allowed: a change of .* strictly between -1 and 1$/);
      expect(fs.existsSync(path.join(work, 'runs'))).toBe(false);
    } finally {
      process.chdir(cwd);
    }
  });

  it('tune --refine -1 is refused (it was silently replaced by 1)', async () => {
    refusedInOneLine(await crucibleInProcess(['tune', 'gladiator-duel', '--param', 'lightApBonus', '--agents', 'random', '--games', '2', '--refine', '-1', '--out', at('reports')]), /^error: --refine is "-1"; allowed: an integer >= 0$/);
  });
});

describe('help that is true', () => {
  it('train --help names exactly the games that have an encoder (it said Rumble had none while training it started)', async () => {
    const { GAMES } = await import('../../src/games/index.js');
    const r = await crucibleInProcess(['train', '--help']);
    expect(r.code).toBe(0);
    const listed = /a game with an encoder:\s+([^)]*)\)/.exec(r.stdout.replace(/\s+/g, ' '))![1]!.split(',').map((s) => s.trim());
    expect(listed).toEqual(GAMES.filter((g) => g.encoder).map((g) => g.id));
    expect(listed).toContain('rumble');
  });
});
