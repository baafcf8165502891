/** The Rumble studies' quick versions run end to end and report what they promise. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectMdeOnInconclusive } from '../../experiments/mde-check.js';
import { rumbleDominance } from '../../../experiments/rumble/dominance.js';
import { rumblePowerValues } from '../../../experiments/rumble/power-values.js';
import { closeRunnerPool } from '../../../src/sim/runner.js';
import type { StudyContext } from '../../../experiments/study.js';
import { writeFileSync } from 'node:fs';

const dir = mkdtempSync(join(tmpdir(), 'rumble-studies-'));
const ctx = (name: string, extra: object = {}): StudyContext => ({ seed: 1, full: false, workers: 1, runDir: join(dir, name), command: 'test', progress: false, ...extra });

afterAll(async () => {
  await closeRunnerPool?.();
});

describe('rumble studies (quick)', () => {
  it('rumble-dominance: a verdict per power, Nash and α-Rank charts, sample sizes', async () => {
    const report = await rumbleDominance().run(ctx('dominance'));
    expectMdeOnInconclusive(report.verdicts);
    expect(report.verdicts).toHaveLength(6);
    expect(report.meta.sampleSizes['games per pair']).toBe(80);
    const ids = report.sections.flatMap((s) => s.blocks.map((b) => ('id' in b ? b.id : '')));
    expect(ids).toEqual(expect.arrayContaining(['duel-matrix', 'equilibria', 'powers']));
    // Flight under menu-uniform play burns Energy and voids its own attacks: dominated.
    expect(report.verdicts.find((v) => v.statement.startsWith('Flight'))!.statement).toMatch(/dominated/);
  });

  it('rumble-power-values takes a user power file', async () => {
    const file = join(dir, 'mine.yaml');
    writeFileSync(file, 'id: iron-hide\nname: Iron Hide\nparams: { bonus: 40 }\neffects:\n  - when: static\n    do: [{ defense: { add: bonus } }]\n');
    const report = await rumblePowerValues({ powerFile: file }).run(ctx('values'));
    expectMdeOnInconclusive(report.verdicts);
    const table = report.sections.flatMap((s) => s.blocks).find((b) => b.kind === 'table' && b.id === 'fair-prices');
    const rows = table && table.kind === 'table' ? table.rows : [];
    expect(rows.filter((r) => r['power'] === 'iron-hide')).toHaveLength(2);
    // The user's power is named by its name, not its id (issue #29).
    expect(report.verdicts.some((v) => v.statement.startsWith('Iron Hide'))).toBe(true);
    expect(report.verdicts.some((v) => v.statement.startsWith('iron-hide'))).toBe(false);
  });
});
