/**
 * The Ophidian studies end to end at their quick (tiny) sizes, in-process: each writes a
 * report with its verdicts, charts and tables; a rerun into the same run folder resumes
 * (no game replayed) and gives the same report; a user's deck file joins the studies.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ophidianFlowStudy } from '../../experiments/ophidian-flow.js';
import { ophidianTeamsStudy } from '../../experiments/ophidian-teams.js';
import { GameLedger } from '../../experiments/ledger.js';
import type { Study } from '../../experiments/study.js';
import type { Report } from '../../src/analysis/report-model.js';

const dir = mkdtempSync(join(tmpdir(), 'crucible-oph-studies-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(study: Study, runDir: string, extra: Record<string, string> = {}): Promise<{ report: Report; ledger: GameLedger }> {
  const ledger = new GameLedger(() => undefined);
  const report = await study.run({ seed: 3, full: false, workers: 1, runDir: join(dir, runDir), command: 'test', progress: false, ledger, ...extra });
  return { report, ledger };
}

const blocks = (r: Report) => r.sections.flatMap((s) => s.blocks);

describe('ophidian-flow end to end', () => {
  it('reports the first-Flow advantage, the Wave log, the endings and the quality panel; a rerun resumes to the same report', async () => {
    const first = await run(ophidianFlowStudy, 'flow');
    expect(first.ledger.failed).toBe(0);
    expect(first.ledger.games).toBe(60);
    expect(first.report.verdicts[0]!.statement).toMatch(/first Flow/);
    expect(first.report.verdicts[0]!.evidence).toMatch(/n=30 seat-swapped units/);
    const ids = blocks(first.report).map((b) => ('id' in b ? b.id : ''));
    for (const id of ['first-flow', 'waves', 'endings', 'length-waves', 'quality']) expect(ids).toContain(id);
    const again = await run(ophidianFlowStudy, 'flow');
    expect(again.report).toEqual(first.report);
  }, 60_000);
});

describe('ophidian-teams end to end', () => {
  it('rates a seeded sample of legal teams (BT, Nash, α-Rank) and a user deck joins the matrix', async () => {
    const decks = join(dir, 'mine.yaml');
    writeFileSync(decks, `decks:\n  - {id: mine, team: [hammerhands, ironsides, simon-bantus], arsenal: {arm-blade: 3, spiked-fists: 3, battle-armor: 3, war-cry: 3, charge: 3, pit-veteran: 3, one-two-punch: 3, sniper-drone: 3, laser-sight: 3, overclock: 3, repair-kit: 3, magnetic-floor: 3, combat-stims: 3, stim-pack: 3, bribe: 3, showboat: 3, crowd-pleaser: 2}}\n`);
    const { report, ledger } = await run(ophidianTeamsStudy, 'teams', { deckFile: decks });
    expect(ledger.failed).toBe(0);
    expect(report.meta.sampleSizes['teams played']).toBe(6);
    const table = blocks(report).find((b) => b.kind === 'table' && b.id === 'teams');
    expect(table && table.kind === 'table' ? table.rows.map((r) => r['id']) : []).toContain('mine');
    expect(report.verdicts.length).toBe(6);
    for (const v of report.verdicts) expect(v.statement).not.toMatch(/\bpower\b/);
  }, 60_000);
});
