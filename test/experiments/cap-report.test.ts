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
    // Within a condition too the seed is the unit: different matchups on one seed are one unit (a seed moves them all).
    const pairs = new GameLedger();
    pairs.add([shg(0, true, 0)], { condition: 'c', table: 'x-vs-y' }, 'superhero-gladiators');
    pairs.add([shg(0, true, 0)], { condition: 'c', table: 'y-vs-x' }, 'superhero-gladiators');
    pairs.add([shg(0, false, 2)], { condition: 'c', table: 'u-vs-w-ab' }, 'superhero-gladiators');
    pairs.add([shg(1, false, 2)], { condition: 'c', table: 'u-vs-w-ab' }, 'superhero-gladiators');
    expect(pairs.byCondition().get('c')!.capShare().seeds).toBe(2);
    // The evidence table lists both conditions, worst first.
    const table = ledger.summary('superhero-gladiators').find((b) => b.kind === 'table' && b.id === 'cap-by-condition');
    expect(table && table.kind === 'table' && table.rows.map((r) => r['condition'])).toEqual(['agents: mcts', 'agents: heuristic']);
  });

  // Issue #26's note: the builds study's lead gave its cap share as "32% [31%, 33%] over 6,342
  // units" while its Evidence said "not estimable from one unit". Every table of that study
  // plays its one pair on the study's one seed, and a seed moves the share of every matchup
  // on it (bench/superhero-gladiators/seed-effect.ts: 300 build pairs on 8 seeds, p = 0.0015), so the whole
  // study is one unit: the lead and the Evidence must say the same thing.
  it('a study whose tables all play one seed: the lead and the Evidence give the same share and neither an interval over matchups', () => {
    const ledger = new GameLedger();
    for (let m = 0; m < 40; m++) {
      const pair = [0, 1].map((i) => ({ ...shg(i, (m + i) % 3 === 0, m % 5 === 0 ? 0 : 2), seed: 7 }));
      ledger.add(pair, { condition: 'agents: heuristic', table: `builds-g0-candidate-${m}-vs-field-hero-${m % 7}-ab` }, 'superhero-gladiators');
    }
    const lead = ledger.warnings('superhero-gladiators')[0]!.statement;
    const evidence = ledger.summary('superhero-gladiators')[0]!;
    const tally = /(\d+) of (\d+) games \((\d+)%, ([^)]*)\)/;
    const fromLead = tally.exec(lead);
    const fromEvidence = tally.exec(evidence.kind === 'text' ? evidence.text : '');
    expect(fromLead && fromEvidence).toBeTruthy();
    expect(fromLead!.slice(1)).toEqual(fromEvidence!.slice(1));
    expect(fromLead![4]).toBe('interval not estimable from one unit: the games share one seed, 1 unit');
    // Tables on several seeds: the same interval over seeds in both places.
    const many = new GameLedger();
    for (let m = 0; m < 12; m++) many.add([0, 1, 2, 3].map((i) => ({ ...shg(i, (m * 4 + i) % 3 === 0, 2), seed: 100 + i })), { condition: 'agents: heuristic', table: `t${m}` }, 'superhero-gladiators');
    const a = tally.exec(many.warnings('superhero-gladiators')[0]!.statement);
    const b = many.summary('superhero-gladiators')[0]!;
    expect(a![4]).toMatch(/^95% CI .*, 4 units$/);
    expect(b.kind === 'text' && b.text).toContain(a![0]);
  });

  // Issue #27 item 5: Rumble's learned seat stalls because the game does (an attacker among
  // learned seats gains nothing: every Attack meets a full Defense, the outcomes at the cap
  // are ties); every report that seats it must say so plainly, not only give the share.
  it("a report that seats Rumble's learned agent says its stall is the game's", () => {
    const rec = (i: number): GameRecord => ({ index: i, seed: i, seats: [], slots: [0, 0, 0, 0], returns: [0.25, 0.25, 0.25, 0.25], length: 50, tags: { endReason: 'cap', energyLost: 0 } }) as unknown as GameRecord;
    const learned = new GameLedger();
    learned.add([rec(0), rec(1), rec(2)], { condition: 'agents: mcts:prior=net:model=models/rumble,transfer=1,iterations=50' }, 'rumble');
    const w = learned.warnings('rumble').map((v) => v.statement);
    expect(w.some((x) => x.startsWith("Rumble's learned seat stalls because the game does") && x.includes('every Attack blocked by a full Defense') && x.includes('The outcomes at the cap are ties'))).toBe(true);
    const stalemates = new GameLedger();
    stalemates.add([rec(0), rec(1)], { condition: 'learned seat (net-guided mcts), default table' }, 'rumble');
    expect(stalemates.warnings('rumble').some((v) => v.statement.startsWith("Rumble's learned seat stalls because the game does"))).toBe(true);
    // Not for the heuristic's stalls.
    const heuristic = new GameLedger();
    heuristic.add([rec(0), rec(1)], { condition: 'agents: heuristic' }, 'rumble');
    expect(heuristic.warnings('rumble').some((v) => v.statement.includes('learned seat'))).toBe(false);
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
