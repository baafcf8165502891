/**
 * The Rumble price studies' play (issues #10, #11): --full plays the max^n search that
 * finishes tables and reads no hand-set prior, the quick run says on every verdict that it
 * plays at random and why; a study whose games reach the round cap more than 10% of the
 * time leads with that; random and skilled prices sit side by side.
 */
import { describe, expect, it } from 'vitest';
import { getStudy } from '../../experiments/index.js';
import { RUMBLE_PRICE_AGENT, TABLE_AGENT } from '../../experiments/rumble/common.js';
import { capWarnings, conclusion, playPhrase, rumblePowerValues, skillSensitivity, type PowerPrice, type PricedSet } from '../../experiments/rumble/power-values.js';
import { playPhrases, synergyAgent } from '../../experiments/rumble/auction-meta.js';
import { BIDDER_BASE, SKILLED_BIDDER_BASE } from '../../experiments/rumble/measured-values.js';
import { GameLedger } from '../../experiments/ledger.js';
import { withEvidence } from '../../experiments/default.js';
import { runMatch } from '../../src/sim/runner.js';
import { createAgent } from '../../agents/index.js';
import { Rng } from '../../src/core/rng.js';
import { rumble } from '../../src/games/rumble/index.js';
import { evaluate, evaluateWith } from '../../src/games/rumble/evaluate.js';
import type { RumbleState } from '../../src/games/rumble/index.js';
import type { PriceAnswer } from '../../src/analysis/stats/price.js';
import type { Report } from '../../src/analysis/report-model.js';
import type { GameRecord } from '../../src/sim/types.js';

const answer = (kind: PriceAnswer['kind'], xStar = NaN): PriceAnswer => ({ kind, xStar, lo: xStar - 3, hi: xStar + 3, clipped: false, reason: 'synthetic', shown: true, games: 100, games0: 10 });
const price = (power: string, kind: PriceAnswer['kind'], supported: boolean, xStar = NaN): PowerPrice => ({ power, players: 4, shares: [], answer: answer(kind, xStar), level: 0.95, supported, share0: 0.3, share0Lo: 0.2, share0Hi: 0.4 });
const set = (games: number, capped: number): PricedSet => ({ agents: [RUMBLE_PRICE_AGENT, RUMBLE_PRICE_AGENT], prices: [], games, capped, family: 0 });

describe('which agents play the Rumble price studies', () => {
  it('--full plays the prior-free max^n search, the quick run plays at random', () => {
    const values = getStudy('rumble-power-values');
    expect(values.defaultAgents(true)).toEqual([RUMBLE_PRICE_AGENT]);
    expect(values.defaultAgents(false)).toEqual([TABLE_AGENT]);
    expect(RUMBLE_PRICE_AGENT).toMatch(/^heuristic:play=search/);
    const meta = getStudy('rumble-auction-meta');
    expect(meta.defaultAgents(true)).toEqual([SKILLED_BIDDER_BASE]);
    expect(meta.defaultAgents(false)).toEqual([BIDDER_BASE]);
    expect(synergyAgent(SKILLED_BIDDER_BASE)).toBe(RUMBLE_PRICE_AGENT);
    expect(synergyAgent(BIDDER_BASE)).toBe('random');
  });

  it('every verdict names the agents; a quick run says it plays at random and what --full plays', () => {
    const quick = playPhrase({ full: false });
    expect(quick).toContain('"random" in every seat');
    expect(quick).toContain(`--full plays "${RUMBLE_PRICE_AGENT}"`);
    expect(playPhrase({ full: true })).toContain(`"${RUMBLE_PRICE_AGENT}" in every seat`);
    expect(playPhrase({ full: true, agents: ['heuristic'] })).toBe('played by "heuristic" in every seat');
    const q = playPhrases({ full: false }, BIDDER_BASE);
    expect(q.play).toContain('uniformly at random');
    expect(q.play).toContain(`--full plays by search ("${SKILLED_BIDDER_BASE}")`);
    expect(q.tablePlay).toContain('"random" in every seat');
    const f = playPhrases({ full: true }, SKILLED_BIDDER_BASE);
    expect(f.play).toContain('max^n search');
    expect(f.play).not.toContain('quick run');
    expect(f.tablePlay).toContain(`"${RUMBLE_PRICE_AGENT}" in every seat`);
  });
});

describe('pricing a chosen set of powers', () => {
  it('refuses a power that cannot play at a fixed table, naming it, before any game', async () => {
    const ctx = { seed: 1, full: true, workers: 1, runDir: '/nonexistent', command: 'test', progress: false };
    await expect(rumblePowerValues({ powers: ['tough-skin', 'pure-energy-being'] }).run(ctx)).rejects.toThrow(/powers has "pure-energy-being"; allowed: seed powers that play at a fixed table/);
  });
});

describe('a --full power-values run end to end (a tiny design)', () => {
  it('plays the search agent in every seat, repeats the sweep at random, and names both', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'crucible-rumble-prices-'));
    try {
      const ledger = new GameLedger();
      const study = rumblePowerValues({ powers: ['tough-skin'], design: { grid: [0, 20], perPoint: 6, tables: [2] } });
      const report = await study.run({ seed: 3, full: true, workers: 1, runDir: dir, command: 'test', progress: false, ledger });
      const agents = report.meta.details!['agents'] as string[];
      expect(agents).toEqual([RUMBLE_PRICE_AGENT, RUMBLE_PRICE_AGENT]);
      const capped = report.meta.details!['capped'] as Record<string, { games: number }>;
      expect(Object.keys(capped)).toEqual([RUMBLE_PRICE_AGENT, TABLE_AGENT]);
      // 2 handicaps (+ up to 2 refined ones where the share crosses 1/2) x 6 games, under each agent.
      for (const agent of [RUMBLE_PRICE_AGENT, TABLE_AGENT]) expect([12, 18, 24]).toContain(capped[agent]!.games);
      expect(capped[RUMBLE_PRICE_AGENT]!.games + capped[TABLE_AGENT]!.games).toBe(ledger.games);
      const findings = report.verdicts.filter((v) => v.strength !== 'warning');
      expect(findings.length).toBe(1);
      for (const v of findings) expect(v.statement).toContain(`"${RUMBLE_PRICE_AGENT}" in every seat (max^n search)`);
      expect(report.sections.map((s) => s.heading)).toContain('Skill sensitivity: random vs skilled play');
      // Key findings for the generic skill-sensitivity section: the share at no handicap always.
      expect(report.findings!.map((f) => f.id)).toContain('share0-2p-tough-skin');
      const rows = report.meta.details!['skillSensitivity'] as { item: string; weak: string; strong: string }[];
      expect(rows).toEqual([expect.objectContaining({ item: 'tough-skin', weak: TABLE_AGENT, strong: RUMBLE_PRICE_AGENT })]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('games at the round cap', () => {
  it('more than 5% of one agent\'s games at the cap makes a warning; 5% does not', () => {
    expect(capWarnings(set(100, 5))).toEqual([]);
    const [w] = capWarnings(set(100, 11), undefined);
    expect(w!.strength).toBe('warning');
    expect(w!.statement).toContain(`11 of 100 games played by "${RUMBLE_PRICE_AGENT}"`);
    expect(w!.evidence).toMatch(/share at the cap 0\.110 \(95% CI .* n = 100 games\)/);
  });

  it('a Rumble report leads with the cap when more than 5% of its games reached it, and always shows the share', () => {
    const rec = (i: number, end: string): GameRecord => ({ index: i, seed: i, seats: [], slots: [0, 0], returns: [1, 0], length: 10, tags: { endReason: end } }) as unknown as GameRecord;
    const report: Report = { id: 'rumble-power-values', title: 't', gameId: 'rumble', question: 'q', verdicts: [{ statement: 'Tough Skin is worth about 10 Energy', evidence: 'e', strength: 'supported' }], sections: [], meta: { command: 'c', seed: 1, sampleSizes: {} } };
    const over = new GameLedger();
    over.add([...Array.from({ length: 8 }, (_, i) => rec(i, 'knockout')), rec(8, 'cap'), rec(9, 'cap')]);
    const out = withEvidence(report, over, true);
    expect(out.verdicts[0]!.strength).toBe('warning');
    expect(out.verdicts[0]!.statement).toMatch(/^Stalls: 2 of 10 games \(20%, 95% CI .*\) ended at the round cap/);
    expect(out.verdicts[1]!.statement).toBe('Tough Skin is worth about 10 Energy');
    const under = new GameLedger();
    under.add([...Array.from({ length: 20 }, (_, i) => rec(i, 'knockout')), rec(20, 'cap')]);
    const ok = withEvidence(report, under, true);
    expect(ok.verdicts[0]!.statement).toBe('Tough Skin is worth about 10 Energy');
    const evidence = ok.sections.at(-1)!.blocks[0]!;
    expect(evidence.kind === 'text' && evidence.text).toMatch(/1 of 21 games \(5%, 95% CI .*\) ended at the round cap/);
  });
});

describe('skill sensitivity: random vs skilled prices', () => {
  it('names a sign change, a significance change and an unchanged conclusion', () => {
    const random = [price('a', 'price', true, 12), price('b', 'negative', true), price('c', 'zero', false, 1), price('d', 'price', true, 8)];
    const skilled = [price('a', 'negative', true), price('b', 'zero', false, 0), price('c', 'step', true, 20), price('d', 'price', true, 15)];
    const rows = skillSensitivity(skilled, random);
    expect(rows.map((r) => [r.power, r.change])).toEqual([
      ['a', 'sign'],
      ['b', 'significance'],
      ['c', 'significance'],
      ['d', 'same conclusion'],
    ]);
    expect(rows[0]!.random).toBe('worth something (12 Energy)');
    expect(rows[0]!.skilled).toBe('harmful');
    expect(conclusion(price('x', 'price', false, 30))).toBe(0);
  });
});

describe('the search agent of the price studies', () => {
  // A user power in a fixed table: only its hand-set prior differs between the two runs.
  const table = (prior: number) => ({
    players: 4,
    customPowers: [{ id: 'iron-hide', name: 'Iron Hide', prior, effects: [{ when: 'static', do: [{ defense: { add: 15 } }] }] }],
    fixed: [{ energy: 100, powers: [{ id: 'iron-hide', strength: 0 }] }, { energy: 100, powers: [] }, { energy: 100, powers: [] }, { energy: 100, powers: [] }],
  });
  const play = async (agent: string, prior: number) =>
    (await runMatch({ gameId: 'rumble', options: table(prior), agents: [agent], games: 3, seed: 'no-prior', rotate: false }, { workers: 1 })).records.map((r) => [r.returns, r.length, r.tags['endReason']]);

  it('reads no hand-set prior (a bare mcts with the same search does) and finishes the table', async () => {
    const search = 'heuristic:play=search,iterations=12';
    const low = await play(search, 0);
    expect(await play(search, 200)).toEqual(low);
    for (const [, , end] of low) expect(end).not.toBe('cap');
    const mcts = 'mcts:iterations=12,rollout=evaluate,plies=1';
    expect(await play(mcts, 200)).not.toEqual(await play(mcts, 0));
  });

  it('bids its measured values in the auction and counts them, not the priors, in its evaluate', () => {
    const s = rumble.setup(rumble.optionsSchema.parse({ players: 4, auction: { pool: 'list', list: ['tough-skin', 'flight'] } }), 5) as RumbleState;
    expect(s.phase).toBe('auction');
    const agent = createAgent('heuristic:bid=1,play=search,iterations=5,values=tough-skin/20+flight/5', rumble, new Rng(1));
    const bid = agent.act({ game: rumble, options: s.opts, obs: s, player: 0, legal: rumble.legalActions(s, 0) }) as { t: string; bids: number[] };
    expect(bid).toEqual({ t: 'bid', bids: [20, 5] });
    // evaluate is evaluateWith at the priors; with every power worth 0 it is Energy alone.
    expect(evaluateWith(s, (st, id) => Math.max(0, st.lib.get(id).prior))).toEqual(evaluate(s));
  });

  it('rejects iterations without play=search, and a bad iterations, before any game', async () => {
    const run = (agent: string) => runMatch({ gameId: 'rumble', options: { players: 2 }, agents: [agent], games: 1, seed: 1 }, { workers: 1 });
    await expect(run('heuristic:play=random,iterations=5')).rejects.toThrow(/iterations is "5"; allowed: iterations only with play=search/);
    await expect(run('heuristic:play=search,iterations=0')).rejects.toThrow(/iterations is "0"; allowed: an integer from 1 to 100000/);
  });
});
