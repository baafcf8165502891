/**
 * A run with the leaf-batched network search (`mcts:prior=net:…,batch=B`) through the
 * runner: tfjs is started in this thread and in every pool thread before their first game,
 * the same seed gives the same games for 1 and 2 workers, and the tfjs backend that scored
 * the leaves is part of the run's key (a folder played on one backend is not resumed on
 * another) and of its summary. Runs without such agents keep the keys they always had.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { initTf } from '../../src/core/tf.js';
import { UserError } from '../../src/core/errors.js';
import { normalizeConfig } from '../../src/sim/config.js';
import { runKey } from '../../src/sim/queue/run-key.js';
import { closeRunnerPool, runKeyHash, runMatch, runMeta } from '../../src/sim/runner.js';
import { formatSummary } from '../../src/sim/summary.js';
import { openRunStore } from '../../src/sim/store.js';
import type { MatchConfig } from '../../src/sim/types.js';

const SPEC = 'mcts:prior=net:model=models/gladiator-duel,batch=8,iterations=16';
const config: MatchConfig = { gameId: 'gladiator-duel', options: {}, agents: [SPEC, 'heuristic'], games: 2, seed: 'batched-run' };
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'crucible-batched-'));

afterAll(async () => {
  await closeRunnerPool();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('a run with batch= agents', () => {
  it('plays the same games on 1 and 2 workers, tfjs started in each thread; the backend is recorded', async () => {
    const files: string[] = [];
    for (const workers of [1, 2]) {
      const outDir = path.join(root, `w${workers}`);
      const { summary } = await runMatch(config, { workers, outDir, keepRecords: false });
      expect(summary.completed).toBe(2);
      expect(summary.failed).toBe(0);
      const { backend } = await initTf();
      expect(summary.tfBackend).toBe(backend);
      expect(formatSummary(summary)).toContain(`scored by tfjs on its ${backend} backend`);
      expect(JSON.parse(fs.readFileSync(path.join(outDir, 'meta.json'), 'utf8')).tf).toBe(backend);
      files.push(fs.readFileSync(path.join(outDir, 'games.jsonl'), 'utf8'));
    }
    expect(files[1]).toBe(files[0]);
  }, 120_000);

  it('keys the run on the backend: another backend is another run, never resumed as the same', async () => {
    await initTf();
    const meta = runMeta(config);
    const wasm = { ...meta, tf: 'wasm' as const };
    const native = { ...meta, tf: 'tensorflow' as const };
    expect(runKeyHash(config, wasm)).not.toBe(runKeyHash(config, native));
    const cfg = normalizeConfig(config);
    expect(runKey(cfg, [], 'c0de', 'wasm')).not.toBe(runKey(cfg, [], 'c0de', 'tensorflow'));
    // A folder played on one backend refuses a resume on another, naming both.
    const outDir = path.join(root, 'backend');
    openRunStore(outDir, cfg, wasm).close();
    expect(() => openRunStore(outDir, cfg, native)).toThrow(UserError);
    expect(() => openRunStore(outDir, cfg, native)).toThrow(/scored on tfjs backend wasm, this run's are on tensorflow/);
    // Runs without a tfjs agent record no backend, and their keys are what they were.
    const plain: MatchConfig = { ...config, agents: ['mcts:prior=net:model=models/gladiator-duel', 'heuristic'] };
    const plainMeta = runMeta(plain);
    expect(plainMeta.tf).toBeUndefined();
    expect(runKey(normalizeConfig(plain), [], 'c0de')).toBe(runKey(normalizeConfig(plain), [], 'c0de', undefined));
  });
});
