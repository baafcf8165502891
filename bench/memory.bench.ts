/**
 * Memory of a long run: plays N heuristic gladiator-duel games through `runMatch` with a
 * run folder (records appended, summary streamed, games.jsonl sorted through an offset
 * table) in a fresh child process and reports its peak resident memory (threads
 * included). Target: a 1,000,000-game run under 400 MB, flat in N.
 *
 * Long (a million games take a while): it runs only when named,
 * `npm run bench -- memory` (N = 100,000 and 1,000,000), or
 * `npm run bench -- memory 20000,200000` for other sizes.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, report } from './harness.js';

export const longRunning = true;

const CHILD = fileURLToPath(new URL('./memory-run.ts', import.meta.url));
const TARGET_MB = 400;

export async function run(): Promise<void> {
  const sizes = (process.argv[3] ?? '100000,1000000').split(',').map(Number);
  const workers = Math.min(2, os.availableParallelism());
  const peaks: { games: number; mb: number }[] = [];
  for (const games of sizes) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crucible-memory-'));
    try {
      const start = performance.now();
      const child = spawnSync(process.execPath, ['--import', 'tsx', CHILD, String(games), String(workers), dir], { encoding: 'utf8', maxBuffer: 1 << 24 });
      const seconds = (performance.now() - start) / 1000;
      if (child.status !== 0) throw new Error(`memory run of ${games} games failed: ${child.stderr}`);
      const result = JSON.parse(child.stdout.trim().split('\n').pop()!) as { maxRssKb: number; completed: number; fileBytes: number };
      const mb = result.maxRssKb / 1024;
      peaks.push({ games, mb });
      report(`peak memory, ${fmt(games)} heuristic games, ${workers} workers`, `${fmt(mb)} MB in ${fmt(seconds)} s`, games >= 1_000_000 ? { ok: mb < TARGET_MB, text: `< ${TARGET_MB} MB` } : undefined);
      report(`  games completed, games.jsonl size`, `${fmt(result.completed)}, ${fmt(result.fileBytes / 1e6)} MB`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (peaks.length >= 2) {
    const [a, b] = [peaks[0]!, peaks[peaks.length - 1]!];
    report('memory growth per 1,000 games', `${fmt(((b.mb - a.mb) * 1024 * 1000) / (b.games - a.games), 2)} KB`);
  }
}
