/**
 * The command under hostile conditions: configurations that only fail at setup, folders
 * it cannot write (read-only, permission denied, /proc), a full disk with two workers,
 * SIGTERM with two workers. Each ends with one line naming the path or field and the
 * cause, a non-zero exit, no stack trace, and nothing lost. Cases that need no process
 * of their own (a signal, a mount, another user) run in this process through the CLI's
 * entry point, which saves a node + tsx start-up each.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { vi, afterAll, describe, expect, it } from 'vitest';
import { runMatch } from '../../src/sim/runner.js';
import { recordLine } from '../../src/sim/store.js';
import { BIN, crucible, crucibleInProcess, type CliResult } from './helpers.js';

// Ceiling for this file (vitest.config.ts): its slowest test 11.7 s on a near-idle CI run (subprocesses killed and resumed, a full disk); 300 s holds at 8x slowdown with room.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crucible-rel-'));
fs.chmodSync(dir, 0o755);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const gameLines = (file: string): string[] => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.endsWith('}')) : []);

function oneLineError(result: CliResult, code: number, pattern: RegExp): void {
  expect(result.code).toBe(code);
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

/** Mount namespaces (unshare -rm) let a test mount a tiny or read-only tmpfs without root. */
const canMount = spawnSync('unshare', ['-rm', 'sh', '-c', `mount -t tmpfs -o size=16k tmpfs ${dir} && umount ${dir}`]).status === 0;
const isRoot = process.getuid?.() === 0;

function inTmpfs(mountOptions: string, mountPoint: string, script: string): CliResult {
  fs.mkdirSync(mountPoint, { recursive: true });
  const r = spawnSync('unshare', ['-rm', 'sh', '-c', `mount -t tmpfs -o ${mountOptions} tmpfs ${mountPoint} && ${script}`], { encoding: 'utf8' });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

describe('crucible: a configuration that cannot set up a game', () => {
  it('exits 2 with one line before any game is played', async () => {
    const out = path.join(dir, 'bad-fixed');
    const options = JSON.stringify({ players: 2, fixed: [{ energy: 100, powers: [{ id: 'nope' }] }, { energy: 100, powers: [] }] });
    oneLineError(await crucibleInProcess(['play', 'rumble', '--games', '4', '--options', options, '--out', out]), 2, /^error: rumble options: field fixed\.0\.powers\.0\.id: unknown power `nope`; allowed: /);
    expect(fs.existsSync(path.join(out, 'games.jsonl'))).toBe(false);
  });
});

describe('crucible: run folders it cannot use', () => {
  it('--out under /proc: one line, no hang', async () => {
    oneLineError(await crucibleInProcess(['play', 'gladiator-duel', '--games', '4', '--out', '/proc/crucible-x']), 2, /^error: --out is "\/proc\/crucible-x": cannot create \/proc\/crucible-x \(/);
  });

  it('a folder without write permission: EACCES named with the path', async () => {
    const locked = path.join(dir, 'locked');
    fs.mkdirSync(locked);
    fs.chmodSync(locked, 0o555);
    // root ignores permissions, so run as nobody when the tests run as root.
    const r = spawnSync(process.execPath, [BIN, 'play', 'gladiator-duel', '--games', '4', '--out', path.join(locked, 'run')], {
      encoding: 'utf8',
      cwd: os.tmpdir(),
      ...(isRoot ? { uid: 65534, gid: 65534 } : {}),
    });
    oneLineError({ code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr }, 2, /^error: --out is ".*locked\/run": cannot create .*locked\/run \(permission denied \(EACCES\)\); allowed: a writable folder$/);
  });

  it.skipIf(!canMount)('a read-only file system: EROFS named with the path', () => {
    const mount = path.join(dir, 'ro');
    const r = inTmpfs('size=64k,ro', mount, `exec ${process.execPath} ${BIN} play gladiator-duel --games 4 --out ${mount}/run`);
    oneLineError(r, 2, /^error: --out is ".*ro\/run": cannot create .*ro\/run \(read-only file system \(EROFS\)\)/);
  });

  it.skipIf(!canMount)('a full disk with 2 workers: one line, no torn line, and a rerun completes the same games', async () => {
    const mount = path.join(dir, 'full');
    const saved = path.join(dir, 'saved');
    const args = `play gladiator-duel --agents heuristic --games 300 --seed 3 --workers 2`;
    // Play into a 48 KB tmpfs (about 150 records, half the run), then copy the folder out before the mount goes.
    const r = inTmpfs('size=48k', mount, `${process.execPath} ${BIN} ${args} --out ${mount}/run; code=$?; cp -r ${mount}/run ${saved}; exit $code`);
    oneLineError(r, 2, /^error: cannot write .*full\/run\/games\.jsonl: no space left on device \(ENOSPC\); the games written so far are kept/);
    const text = fs.readFileSync(path.join(saved, 'games.jsonl'), 'utf8');
    expect(text.length).toBeGreaterThan(0);
    expect(text.endsWith('\n')).toBe(true);
    const resumed = await crucible([...args.split(' '), '--out', saved, '--json']);
    expect(resumed.code).toBe(0);
    const clean = await runMatch({ gameId: 'gladiator-duel', options: {}, agents: ['heuristic'], games: 300, seed: 3 }, { workers: 1 });
    expect(gameLines(path.join(saved, 'games.jsonl'))).toEqual(clean.records.map((rec) => recordLine(rec)));
  });
});

describe('crucible: stopped by a signal with 2 workers', () => {
  it('SIGTERM says the run was interrupted and how to resume, exit 143', async () => {
    const out = path.join(dir, 'term');
    const gamesFile = path.join(out, 'games.jsonl');
    const result = await crucible(['play', 'gladiator-duel', '--agents', 'flatmc:playouts=2,random', '--games', '400', '--workers', '2', '--out', out], {
      onSpawn(child) {
        const poll = setInterval(() => {
          if (gameLines(gamesFile).length >= 3) {
            clearInterval(poll);
            child.kill('SIGTERM');
          }
        }, 20);
        child.on('close', () => clearInterval(poll));
      },
    });
    expect(result.stderr).toBe('run interrupted (SIGTERM); rerun the same command to resume\n');
    expect(result.code).toBe(143);
    expect(gameLines(gamesFile).length).toBeGreaterThanOrEqual(3);
  });
});

describe('crucible --version', () => {
  it('prints the package version, engine version and commit that run folders record, then the tfjs backend', async () => {
    const r = await crucibleInProcess(['--version']);
    expect(r.code).toBe(0);
    const pkg = JSON.parse(fs.readFileSync(path.join(path.dirname(BIN), '..', 'package.json'), 'utf8')) as { version: string };
    expect(r.stdout).toMatch(new RegExp(`^crucible ${pkg.version.replace(/\./g, '\\.')} \\(engine \\d+, source [0-9a-f]{16}(, commit [0-9a-f]{12})?\\)\\ntfjs: (native|wasm) backend.*\\n$`));
  });
});
