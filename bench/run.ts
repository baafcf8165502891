/**
 * Runs every bench/*.bench.ts and bench/<game>/*.bench.ts (each exports `run(): Promise<void>`),
 * or only those whose path under bench/ contains the first argument: `npm run bench -- gladiator`. A bench that
 * exports `longRunning = true` (the million-game memory run) runs only when named.
 * `npm run bench -- studies [options]` times every study instead (bench/studies.ts).
 * `search-throughput.bench.ts` prints every game's default-`mcts` iterations per CPU-second
 * (issue #30's figures; `npm run bench -- search` alone).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { closeRunnerPool } from '../src/sim/runner.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? '';

if (filter === 'studies') {
  const { main } = (await import('./studies.js')) as { main: (argv: readonly string[]) => Promise<void> };
  await main(process.argv.slice(3));
  await closeRunnerPool();
  process.exit(0);
}
// Shared benches sit in bench/, each game's in bench/<game>/: paths relative to bench/.
const benches = (fs.readdirSync(here, { recursive: true }) as string[])
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
const files = benches.filter((f) => f.includes(filter));

if (files.length === 0) {
  process.stderr.write(`error: no benchmark matches ${JSON.stringify(filter)}; allowed: part of one of ${benches.join(', ')}\n`);
  process.exit(2);
}

for (const file of files) {
  process.stdout.write(`\n== ${file.replace(/\.bench\.ts$/, '')}\n`);
  const mod = (await import(pathToFileURL(path.join(here, file)).href)) as { run?: () => Promise<void>; longRunning?: boolean };
  if (mod.longRunning && filter === '') {
    process.stdout.write(`  (long: run it with npm run bench -- ${file.replace(/\.bench\.ts$/, '')})\n`);
    continue;
  }
  if (typeof mod.run !== 'function') {
    process.stdout.write(`  (skipped: ${file} exports no run())\n`);
    continue;
  }
  await mod.run();
}
await closeRunnerPool();
