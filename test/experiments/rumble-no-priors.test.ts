/**
 * Issue #11, "prices from play, not from priors": no hand-set prior may be read anywhere
 * in what the Rumble studies answer. Each study runs twice (tiny sizes, its --full agents)
 * with a power file whose powers differ only in their `prior` (0 or 500): every number the
 * report gives must be the same. A counter-check shows the test can fail: a bare `mcts`
 * (its evaluate counts a quarter of each held power's prior) plays the same table
 * differently.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rumbleAuctionMeta } from '../../experiments/rumble/auction-meta.js';
import { rumbleDominance } from '../../experiments/rumble/dominance.js';
import { rumblePowerValues } from '../../experiments/rumble/power-values.js';
import { RUMBLE_PRICE_AGENT, RUMBLE_TABLE_MCTS } from '../../experiments/rumble/common.js';
import { runMatch } from '../../src/sim/runner.js';
import type { Report } from '../../src/analysis/report-model.js';
import type { Study } from '../../experiments/study.js';

const dir = mkdtempSync(join(tmpdir(), 'crucible-rumble-priors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `count` user powers (twelve make most auction lots theirs), all at one prior. */
function powerFile(prior: number, count: number): string {
  const file = join(dir, `powers-${prior}-${count}.yaml`);
  const powers = Array.from({ length: count }, (_, i) => ({
    id: `hide-${i}`,
    name: `Hide ${i}`,
    prior,
    effects: [{ when: 'static', do: [{ attack: { add: 5 + 5 * (i % 4) } }] }],
  }));
  writeFileSync(file, JSON.stringify({ powers }));
  return file;
}

/** A report without the parts that name the run (command, power file path). */
function answer(report: Report): unknown {
  const { meta, ...rest } = report;
  return JSON.parse(JSON.stringify({ ...rest, sampleSizes: meta.sampleSizes, details: meta.details }).replace(/powers-(0|500)-\d+\.yaml/g, 'powers.yaml'));
}

async function runTwice(count: number, make: (file: string) => Study): Promise<[unknown, unknown]> {
  const out: unknown[] = [];
  for (const prior of [0, 500]) {
    const runDir = join(dir, `runs-${prior}-${Math.random().toString(36).slice(2)}`);
    const report = await make(powerFile(prior, count)).run({ seed: 4, full: true, workers: 1, runDir, command: 'test', progress: false });
    out.push(answer(report));
  }
  return out as [unknown, unknown];
}

describe('no hand-set prior is read in what the Rumble studies answer (--full agents)', () => {
  it('rumble-auction-meta: the same prices, bids, outcomes and verdicts whatever the priors', async () => {
    const [low, high] = await runTwice(12, (powerFile) => rumbleAuctionMeta({ powerFile, sizes: { games: 4, valueRounds: 2, restricted: 1, perCell: 1 } }));
    expect(high).toEqual(low);
    // The user powers were on offer and bid on (the test exercises them).
    expect(JSON.stringify(low)).toMatch(/hide-\d+/);
  });

  it('rumble-power-values: the same prices whatever the priors', async () => {
    const [low, high] = await runTwice(2, (powerFile) => rumblePowerValues({ powerFile, powers: [], design: { grid: [0, 20], perPoint: 2, tables: [2] } }));
    expect(high).toEqual(low);
  });

  it('rumble-dominance: the same matrix whatever the priors', async () => {
    const [low, high] = await runTwice(2, (powerFile) => rumbleDominance({ powerFile, powers: ['tough-skin'], duelsPerOrder: 2 }));
    expect(high).toEqual(low);
  });

  it('counter-check: a bare mcts reads the priors, so the same duel plays differently', async () => {
    const duel = (prior: number) => ({
      players: 2,
      customPowers: [{ id: 'hide', name: 'Hide', prior, effects: [{ when: 'static', do: [{ defense: { add: 15 } }] }] }],
      fixed: [{ energy: 100, powers: [{ id: 'hide', strength: 0 }] }, { energy: 100, powers: [] }],
    });
    const play = async (agent: string, prior: number) =>
      (await runMatch({ gameId: 'rumble', options: duel(prior), agents: [agent], games: 4, seed: 'priors', rotate: false }, { workers: 1 })).records.map((r) => [r.returns, r.length]);
    expect(await play(RUMBLE_PRICE_AGENT, 500)).toEqual(await play(RUMBLE_PRICE_AGENT, 0));
    const mcts = RUMBLE_TABLE_MCTS.replace('iterations=200', 'iterations=20');
    expect(await play(mcts, 500)).not.toEqual(await play(mcts, 0));
  });
});

describe('the Rumble studies\' sources name no prior', () => {
  it('experiments/rumble/*.ts and the price agent never read `prior`, `lotValue` or the prior-based `evaluate`', () => {
    const root = join(__dirname, '../../experiments/rumble');
    const files = readdirSync(root).filter((f) => f.endsWith('.ts')).map((f) => join(root, f));
    expect(files.length).toBeGreaterThan(4);
    files.push(join(__dirname, '../../agents/heuristics/rumble.ts'));
    for (const file of files) {
      // Comments may explain why priors are avoided; code may not touch them.
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      expect({ file, hits: code.match(/\.prior\b|\blotValue\b|\bpriorWorth\b|\bevaluate\s*\(/g) ?? [] }).toEqual({ file, hits: [] });
    }
  });
});
