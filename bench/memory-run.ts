/**
 * Child of memory.bench.ts: `node --import tsx bench/memory-run.ts <games> <workers> <dir>`
 * plays the run and prints its peak memory as JSON (its own process, so the peak is
 * this run's alone).
 */
import fs from 'node:fs';
import path from 'node:path';
import { closeRunnerPool, runMatch } from '../src/sim/runner.js';

const [games, workers, dir] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]!];
const { summary } = await runMatch(
  { gameId: 'gladiator-duel', options: {}, agents: ['heuristic'], games, seed: 'memory-bench' },
  { workers, outDir: path.join(dir, 'run'), keepRecords: false },
);
await closeRunnerPool();
const fileBytes = fs.statSync(path.join(dir, 'run', 'games.jsonl')).size;
process.stdout.write(JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS, completed: summary.completed, fileBytes }) + '\n');
