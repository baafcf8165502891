/**
 * Superhero Gladiators' forcing-line probe (issue #27): whose stall is it? A chaser against a
 * hero that always flees; "a blow after the opening" is a blow on a hero that had already had
 * an action in the fight — the text: "Each turn is divded into six segments. You can do
 * something on each segment if your movement rate is: #1 at least 1 …", so every hero acts on
 * segment 1, and a blow on it before that action is the placement's gift, not a forced fight.
 */
import { describe, expect, it } from 'vitest';
import { playGame } from '../../src/sim/play.js';
import type { GameRecord } from '../../src/sim/types.js';
import { amazon2, amazonL, FLEE, forcedBlow, forcingShare, forcingTables, forcingVerdicts, type ForcingCell } from '../../experiments/superhero-gladiators/forcing.js';
import { samplePairings } from '../../experiments/superhero-gladiators/stalemates.js';
import { expectMdeOnInconclusive } from './mde-check.js';

const fight = (seed: number, forced: boolean, capped = !forced): GameRecord => ({
  index: seed,
  seed,
  seats: ['c', 'f'],
  slots: [0, 1],
  returns: forced ? [1, 0] : [0.5, 0.5],
  length: 40,
  tags: { endReason: capped ? 'turn-cap' : 'knockout', blowsLanded: forced ? 3 : 0, blowsBySide: [forced ? 3 : 0, 0], blowsAfterOpening: [forced ? 2 : 0, 0] },
});
const fights = (n: number, forced: (i: number) => boolean) => Array.from({ length: n }, (_, i) => fight(i, forced(i)));

describe('the forcing-line probe', () => {
  it('the game\'s `blows` listener counts only blows on a hero that had already acted: the extra segment forces them, a mirror chase does not', () => {
    const tables = forcingTables(samplePairings(), 1);
    expect(tables.map((t) => t.group)).toEqual(['sample mirrors', 'stronger close attack', 'extra segment']);
    const play = (key: string, seed: number) => playGame({ gameId: 'superhero-gladiators', options: tables.find((t) => t.key === key)!.options, agents: ['heuristic:probe=fight', FLEE], games: 1, seed, rotate: false, listeners: ['blows'] }, 0);
    // AmazonL steps in on segment 5 after Amazon2 and strikes on 6, before it can step away.
    const extra = play('amazonl-v-amazon2', 1);
    const after = extra.tags['blowsAfterOpening'] as number[];
    expect(after[0]).toBeGreaterThan(0);
    expect(after[0]).toBeLessThanOrEqual((extra.tags['blowsBySide'] as number[])[0]!);
    expect(forcedBlow(extra)).toBe(true);
    // The Amazon mirror: the fleeing Amazon steps away after every step in.
    for (const seed of [1, 2, 3]) {
      const mirror = play('mirror-amazon', seed);
      expect((mirror.tags['blowsAfterOpening'] as number[])[0]).toBe(0);
      expect(forcedBlow(mirror)).toBe(false);
    }
  });

  it('the stronger builds are legal heroes within the budget: Amazon2 one close-attack level below the sample, AmazonL with one limb on segment 6', () => {
    expect(amazon2().powers.find((p) => p.type === 'close-attack')!.level).toBe(2);
    expect(amazonL().powers.find((p) => p.type === 'extra-limbs')).toMatchObject({ level: 1, uses: 10, segments: [6] });
    const r = playGame({ gameId: 'superhero-gladiators', options: { heroes: [amazonL(), amazon2()], teams: [['AmazonL'], ['Amazon2']] }, agents: ['random'], games: 1, seed: 1, rotate: false }, 0);
    expect(r.error).toBeUndefined();
  });

  it('the share is over seeds; a record without the tag is not counted as forced', () => {
    const s = forcingShare(fights(20, () => false));
    expect(s).toMatchObject({ fights: 20, forced: 0, seeds: 20, p: 0 });
    expect(s.hi).toBeCloseTo(0.161, 3); // one fight a seed: Wilson's bound for 0 of 20
    expect(forcedBlow({ ...fight(0, true), tags: {} })).toBeUndefined();
  });

  it('the verdicts say whose stall it is, per table, and never claim more than the interval: "not shown" with the share ruled out, "cannot be forced" only under 5%, "can be forced" when shown at Bonferroni', () => {
    const standOff = new Map([
      ['A chases A', fights(8, () => false)],
      ['B chases B', fights(8, () => false)],
    ]);
    const cells = (forcedB: (i: number) => boolean, n = 20): ForcingCell[] => [
      { chaser: 'probe fight', table: 'A chases A', group: 'sample mirrors', records: fights(n, () => false) },
      { chaser: 'probe fight', table: 'B chases B', group: 'sample mirrors', records: fights(n, forcedB) },
      { chaser: 'probe fight', table: 'Amazon chases Amazon2', group: 'stronger close attack', records: fights(n, () => false) },
      { chaser: 'probe fight', table: 'AmazonL chases Amazon2', group: 'extra segment', records: fights(n, (i) => i % 10 !== 0) },
    ];
    const none = forcingVerdicts(cells(() => false), standOff, 'the tuned mcts');
    expectMdeOnInconclusive(none);
    expect(none).toHaveLength(3);
    expect(none[0]!.statement).toMatch(/^Whose stall is it\? Under the default reading .*on every one of the 3 tables no chaser tried is shown to force one .*A chases A \(probe fight 0 of 20 fights, 0\.000 \[0\.000, 0\.161\]\).*consistent with the game's stall, but only forcing in more than 0\.161 of fights is ruled out; rarer forcing, or a better chaser, is not\.$/);
    expect(none[0]!.strength).toBe('inconclusive');
    expect(none[1]!.statement).toMatch(/^With an extra segment .*a fleeing hero CAN be forced on 1 of 1 tables — AmazonL chases Amazon2 \(probe fight 18 of 20 fights/);
    expect(none[1]!.strength).toBe('supported');
    expect(none[2]!.statement).toMatch(/^The tuned mcts on both sides of the sample mirrors: on the 2 where none is shown 16 of 16 of its fights at the cap.*so whose it is is the exploitation test's answer \(a player that attacks against the agent\), not the probe's\.$/);
    expect(none[2]!.strength).toBe('inconclusive');
    // 0 of 80 seeds on every table: under 5% shown, and only then "no chaser forces one in even 5%".
    const shownUnder = forcingVerdicts(cells(() => false, 80), new Map());
    expect(shownUnder[0]!.statement).toMatch(/on every table no chaser tried forces one in even 5% of fights/);
    expect(shownUnder[0]!.strength).toBe('supported');
    // A chaser forces blows in mirror B while the search stands off there: a forcing line, but not a verdict on whose stand-off it is (exploit.ts decides that).
    const agents = forcingVerdicts(cells((i) => i % 2 === 0), standOff, 'the tuned mcts');
    expectMdeOnInconclusive(agents);
    expect(agents[0]!.statement).toMatch(/a fleeing hero CAN be forced on 1 of 3 tables — B chases B \(probe fight 10 of 20 fights.*; on the other 2 no chaser tried is shown to force one/);
    expect(agents[2]!.statement).toMatch(/^The tuned mcts on both sides of the sample mirrors: on the 1 where a chaser forces a blow on a fleeing hero \(B chases B\) 8 of 8 of its fights at the cap.*; on the 1 where none is shown 8 of 8/);
    expect(agents[2]!.statement).not.toMatch(/are the agent's|the agent's on/);
    expect(agents[2]!.strength).toBe('inconclusive');
  });
});
