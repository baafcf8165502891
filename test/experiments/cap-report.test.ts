/**
 * The cap is never silent (issue #27): per condition, the share of games ended at a cap
 * the rule text lacks and the share in which nothing happened lead the report above 5%;
 * capped games can be re-scored (left out, or as draws) for the cap-sensitivity check.
 */
import { describe, expect, it } from 'vitest';
import { GameLedger } from '../../experiments/ledger.js';
import { rescoreCapped } from '../../experiments/cap-sensitivity.js';
import { withEvidence } from '../../experiments/default.js';
import type { Report } from '../../src/analysis/report-model.js';
import type { GameRecord } from '../../src/sim/types.js';

const shg = (index: number, capped: boolean, blows: number): GameRecord => ({
  index,
  seed: 1000 + index,
  seats: ['h', 'h'],
  slots: [0, 0],
  returns: capped ? [1, 0] : [0, 1],
  length: 10,
  tags: { endReason: capped ? 'turn-cap' : 'knockout', blowsLanded: blows },
});

const report: Report = { id: 'x', title: 't', gameId: 'superhero-gladiators', question: 'q', verdicts: [{ statement: 'A beats B', evidence: 'e', strength: 'supported' }], sections: [], meta: { command: 'c', seed: 1, sampleSizes: {} } };

describe('the cap report', () => {
  it("Superhero Gladiators' 'turn-cap' games are counted (they were silent before) and lead the report with the no-blow share", () => {
    const ledger = new GameLedger();
    // 20 games: 6 capped, 4 of them with no blow landed.
    ledger.add(Array.from({ length: 20 }, (_, i) => shg(i, i < 6, i < 4 ? 0 : 3)), { condition: 'agents: heuristic', table: 't' }, 'superhero-gladiators');
    expect(ledger.capped).toBe(6);
    const out = withEvidence(report, ledger, true);
    expect(out.verdicts[0]!.strength).toBe('warning');
    expect(out.verdicts[0]!.statement).toMatch(/^Stalls: 6 of 20 games \(30%, 95% CI .*, 20 units\) ended at the turn cap; in 4 \(20%, 95% CI .*\) no blow landed/);
    expect(out.verdicts[1]!.statement).toBe('A beats B');
  });

  it('each condition above 5% gets its own verdict; a condition at or below 5% none', () => {
    const ledger = new GameLedger();
    ledger.add(Array.from({ length: 20 }, (_, i) => shg(i, i < 10, 0)), { condition: 'agents: mcts' }, 'superhero-gladiators');
    ledger.add(Array.from({ length: 20 }, (_, i) => shg(i, i < 1, 5)), { condition: 'agents: heuristic' }, 'superhero-gladiators');
    const w = ledger.warnings('superhero-gladiators');
    expect(w).toHaveLength(1);
    expect(w[0]!.statement).toMatch(/^Stalls \(agents: mcts\): 10 of 20 games/);
    // Within a condition, different matchups on one seed index count apart; a pair's two side orders are one unit.
    const pairs = new GameLedger();
    pairs.add([shg(0, true, 0)], { condition: 'c', table: 'x-vs-y' }, 'superhero-gladiators');
    pairs.add([shg(0, true, 0)], { condition: 'c', table: 'y-vs-x' }, 'superhero-gladiators');
    pairs.add([shg(0, false, 2)], { condition: 'c', table: 'u-vs-w-ab' }, 'superhero-gladiators');
    expect(pairs.byCondition().get('c')!.capShare().seeds).toBe(2);
    // The evidence table lists both conditions, worst first.
    const table = ledger.summary('superhero-gladiators').find((b) => b.kind === 'table' && b.id === 'cap-by-condition');
    expect(table && table.kind === 'table' && table.rows.map((r) => r['condition'])).toEqual(['agents: mcts', 'agents: heuristic']);
  });

  it("Rumble's nothing-happened share reads the energyLost tag", () => {
    const ledger = new GameLedger();
    const rec = (i: number, lost: number): GameRecord => ({ index: i, seed: i, seats: [], slots: [0, 0], returns: [0.5, 0.5], length: 50, tags: { endReason: 'cap', energyLost: lost } }) as unknown as GameRecord;
    ledger.add([rec(0, 0), rec(1, 0), rec(2, 30), rec(3, 0)], {}, 'rumble');
    expect(ledger.warnings('rumble')[0]!.statement).toMatch(/4 of 4 games .* ended at the round cap; in 3 \(75%.*\) no Energy lost/);
  });

  it('capped games re-scored: left out over decided games only, split among the standing seats as draws', () => {
    const recs: GameRecord[] = [shg(0, true, 0), shg(1, false, 2)];
    expect(rescoreCapped(recs, 'decided').map((r) => r.index)).toEqual([1]);
    expect(rescoreCapped(recs, 'draw').map((r) => r.returns)).toEqual([
      [0.5, 0.5],
      [0, 1],
    ]);
    // Rumble: a hero out before the cap gets nothing of the draw.
    const rumble = { index: 0, seed: 0, seats: [], slots: [], returns: [1, 0, 0], length: 5, tags: { endReason: 'cap', energy_p0: 40, energy_p1: 30, energy_p2: -5 } } as unknown as GameRecord;
    expect(rescoreCapped([rumble], 'draw')[0]!.returns).toEqual([0.5, 0.5, 0]);
  });
});
