/**
 * `--agents` on studies: every study names its seats (slots) and default agents, a user's
 * specs are checked before any game (count, spec, the study's own limits), the study
 * plays them, and its report names them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectMdeOnInconclusive } from './mde-check.js';
import { STUDIES, getStudy } from '../../experiments/index.js';
import { checkStudyAgents, describeAgents, studyAgents } from '../../experiments/study.js';
import { withAgents } from '../../experiments/default.js';
import { GameLedger } from '../../experiments/ledger.js';
import { tableAgents } from '../../experiments/rumble/power-values.js';
import { bidderSpec } from '../../experiments/rumble/measured-values.js';
import { checkedAgents } from '../../src/cli/commands/study.js';
import { UserError } from '../../src/core/errors.js';
import { initTf } from '../../src/core/tf.js';

const dir = mkdtempSync(join(tmpdir(), 'crucible-study-agents-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('study agents', () => {
  it('every study declares its slots and valid default agents for quick and full runs', () => {
    for (const study of STUDIES) {
      expect(study.agentSlots.length).toBeGreaterThan(0);
      for (const full of [false, true]) {
        const specs = study.defaultAgents(full);
        expect(() => checkStudyAgents(study, specs)).not.toThrow();
        // agentChoice is required by the Study type (a report must say why these agents); an empty reason is caught here.
        expect(study.agentChoice(full)).not.toBe('');
      }
    }
  });

  it('one spec fills every slot; a user list replaces the defaults', () => {
    const values = getStudy('rumble-power-values');
    expect(studyAgents(values, { full: false })).toEqual(['random', 'random']);
    expect(studyAgents(values, { full: false, agents: ['heuristic', 'random'] })).toEqual(['heuristic', 'random']);
    expect(describeAgents(values, { full: false, agents: ['heuristic', 'random'] })).toBe('"heuristic" (the power holder (hero 1)), "random" (the other heroes)');
    expect(describeAgents(values, { full: false })).toBe('"random" in every seat');
  });

  it('a batch= agent (leaves scored through tfjs) is described with the backend it ran on', async () => {
    const { backend } = await initTf();
    const matchups = getStudy('gladiator-duel-matchups');
    const spec = 'mcts:prior=net:model=models/gladiator-duel,batch=16';
    expect(describeAgents(matchups, { full: false, agents: [spec] })).toBe(`"${spec}" in every seat; network leaves scored by tfjs on its ${backend} backend`);
    expect(describeAgents(matchups, { full: false, agents: ['heuristic'] })).toBe('"heuristic" in every seat');
    // The holder's spec then the others' at each table size; one spec when they agree (unchanged run keys).
    expect(tableAgents(['heuristic', 'random'], 4)).toEqual(['heuristic', 'random', 'random', 'random']);
    expect(tableAgents(['random', 'random'], 2)).toEqual(['random']);
  });

  it('a wrong count, a bad spec or a spec the study cannot use is one UserError before any game', () => {
    const fairness = getStudy('dark-hero-fairness');
    expect(() => checkStudyAgents(fairness, ['heuristic', 'random'])).toThrow(UserError);
    expect(() => checkStudyAgents(fairness, ['heuristic', 'random'])).toThrow(/--agents has 2 specs for study dark-hero-fairness; allowed: 1 spec/);
    expect(() => checkStudyAgents(getStudy('rumble-power-values'), ['a', 'b', 'c'].map(() => 'random'))).toThrow(/allowed: 1 spec \(every seat\) or 2 \(the power holder \(hero 1\), the other heroes\)/);
    expect(() => checkStudyAgents(fairness, ['mcts:iterations=-1'])).toThrow(/field iterations is "-1"/);
    expect(() => checkStudyAgents(fairness, ['mcts:backup=paranoid'])).toThrow(UserError); // general-sum game
    expect(() => checkStudyAgents(getStudy('rumble-auction-meta'), ['random'])).toThrow(/allowed: a Rumble heuristic spec without values or skip/);
    expect(() => checkStudyAgents(getStudy('rumble-auction-meta'), ['heuristic:values=flight/3'])).toThrow(/without values or skip/);
    expect(checkStudyAgents(getStudy('rumble-auction-meta'), ['heuristic:bid=1,play=lookahead'])).toEqual(['heuristic:bid=1,play=lookahead']);
    // The CLI splits the list the way play does, and checks it against every study it will run.
    expect(checkedAgents('mcts:iterations=50,c=1,random', [getStudy('rumble-power-values')])).toEqual(['mcts:iterations=50,c=1', 'random']);
    expect(() => checkedAgents('', [fairness])).toThrow(/agent list "": an empty entry; allowed/);
    expect(() => checkedAgents('heuristic', STUDIES)).not.toThrow();
  });

  it("the auction study's bidders are built on the user's heuristic spec", () => {
    expect(bidderSpec({ flight: 5 }, 'tough-skin', 'heuristic:bid=1,play=lookahead')).toBe('heuristic:bid=1,play=lookahead,values=flight/5,skip=tough-skin');
    expect(bidderSpec({}, 'flight', 'heuristic')).toBe('heuristic:values=none/0,skip=flight');
    expect(bidderSpec({ flight: 5 }, undefined, 'heuristic')).toBe('heuristic:values=flight/5');
  });

  it('a study plays the --agents it is given and its report names them in every verdict and in its agents section', async () => {
    const study = getStudy('gladiator-duel-matchups');
    const ledger = new GameLedger();
    const ctx = { seed: 'agents', full: false, workers: 1, runDir: join(dir, 'runs'), command: 'test', progress: false, ledger, agents: ['random'] };
    const report = withAgents(await study.run(ctx), study, ctx);
    expectMdeOnInconclusive(report.verdicts);
    expect(ledger.games).toBe(480);
    for (const v of report.verdicts) expect(v.statement).toContain('played by "random" in every seat');
    expect(report.sections[0]!.heading).toBe('Agents behind these verdicts');
    const text = (report.sections[0]!.blocks[0] as { text: string }).text;
    expect(text).toContain('"random" in every seat');
    expect(text).toContain('chosen with --agents');
    expect(text).toContain('mcts:iterations=100'); // the study's own choice is still named
    expect(report.meta.details?.['agents']).toEqual(['random']);
  });
});

describe('one way to play a study table', () => {
  it('no study calls the runner directly: every table goes through playStudyTable (failed and capped games counted alike)', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const root = join(__dirname, '../../experiments');
    const direct = readdirSync(root)
      .filter((f) => f.endsWith('.ts') && f !== 'study-table.ts')
      .filter((f) => /\brunMatch\s*\(/.test(readFileSync(join(root, f), 'utf8')));
    expect(direct).toEqual([]);
  });
});

describe('Rumble tables under search', () => {
  it('the full dominance matrix is played by the prior-free max^n search, the quick one at random; the search finishes duels instead of stalling at the round cap', async () => {
    const { RUMBLE_PRICE_AGENT } = await import('../../experiments/rumble/common.js');
    const { runMatch } = await import('../../src/sim/runner.js');
    const dominance = getStudy('rumble-dominance');
    expect(dominance.defaultAgents(true)).toEqual([RUMBLE_PRICE_AGENT]);
    expect(dominance.defaultAgents(false)).toEqual(['random']);
    const fixed = [{ energy: 100, powers: [{ id: 'tough-skin', strength: 0 }] }, { energy: 100, powers: [{ id: 'flight', strength: 0 }] }];
    const { records } = await runMatch({ gameId: 'rumble', options: { players: 2, fixed }, agents: [RUMBLE_PRICE_AGENT], games: 3, seed: 'finish', rotate: false }, { workers: 1 });
    for (const r of records) expect(r.tags['endReason']).not.toBe('cap');
  });
});
