/**
 * Worker threads give the same games as a single thread. Uses the registered
 * gladiator-duel engine with random agents (workers always resolve games through the
 * registry) and a short turn cap to keep the test fast.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeRunnerPool, runMatch } from '../../src/sim/runner.js';
import { recordLine } from '../../src/sim/store.js';
import type { MatchConfig } from '../../src/sim/types.js';

const config: MatchConfig = { gameId: 'gladiator-duel', options: { turnCap: 20 }, agents: ['random', 'flatmc:playouts=1'], games: 64, seed: 'workers' };
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'crucible-workers-'));

afterAll(async () => {
  await closeRunnerPool();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('runMatch with worker threads', () => {
  it('gives byte-identical records, files and summary for 1, 2 and 3 workers', async () => {
    const runs = [];
    // 3 workers split 64 games unevenly; each extra thread costs a module load on 2 cores.
    for (const workers of [1, 2, 3]) {
      const outDir = path.join(root, `w${workers}`);
      const result = await runMatch(config, { workers, outDir });
      runs.push({ result, file: fs.readFileSync(path.join(outDir, 'games.jsonl'), 'utf8') });
    }
    const [one, two, three] = runs;
    expect(one!.result.records).toHaveLength(64);
    expect(one!.result.summary.completed).toBe(64);
    // (outDir differs by construction; records and summary must not.)
    const played = (r: typeof one) => JSON.stringify({ records: r!.result.records, summary: r!.result.summary });
    expect(played(two)).toBe(played(one));
    expect(played(three)).toBe(played(one));
    expect(two!.file).toBe(one!.file);
    expect(three!.file).toBe(one!.file);
  });

  it('resumes a partial run in workers without repeating or losing a game', async () => {
    const full = await runMatch(config, { workers: 1 });
    const outDir = path.join(root, 'resume');
    fs.mkdirSync(outDir);
    const partial = full.records.filter((r) => r.index % 4 !== 0).slice(0, 40);
    fs.writeFileSync(path.join(outDir, 'games.jsonl'), partial.map((r) => recordLine(r) + '\n').join('') + '{"index":0,"se');
    const resumed = await runMatch(config, { workers: 2, outDir });
    expect(resumed.summary).toEqual(full.summary);
    const lines = fs.readFileSync(path.join(outDir, 'games.jsonl'), 'utf8').trimEnd().split('\n');
    expect(lines).toEqual(full.records.map((r) => recordLine(r)));
  });
});
