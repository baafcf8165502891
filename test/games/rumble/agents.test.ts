/**
 * The action abstraction and the agents: every menu action is legal, the game plays to
 * the end under every agent kind, `evaluate` predicts winners better than an Energy
 * share, determinize hides the dice, and the heuristic and MCTS beat random players.
 * (MCTS beats the heuristic in strength.test.ts, a longer run.)
 */
import { describe, expect, it } from 'vitest';
import { rumble, rumbleOptions, type RumbleState } from '../../../src/games/rumble/index.js';
import { Rng } from '../../../src/core/rng.js';
import { playGame } from '../../../src/sim/runner.js';
import { wilson } from '../../../src/core/wilson.js';
import { createAgent } from '../../../agents/index.js';
import { createRumbleHeuristic } from '../../../src/games/rumble/heuristic.js';
import { UserError } from '../../../src/core/errors.js';
import { alloc, fixedGame, resolve } from './helpers.js';

/** Mean share of slot 0 over `games` seeded games with seat rotation. */
function slot0Share(agents: string[], games: number, options: Record<string, unknown> = {}) {
  let sum = 0;
  for (let i = 0; i < games; i++) {
    const r = playGame({ gameId: 'rumble', options, agents, games, seed: 'rumble-agents' }, i);
    expect(r.error).toBeUndefined();
    r.slots.forEach((slot, seat) => {
      if (slot === 0) sum += r.returns[seat]!;
    });
  }
  return wilson(sum, games);
}

describe('rumble action menu and agents', () => {
  it('every menu action is accepted by apply, in every phase, across whole games with all powers', () => {
    const rng = new Rng(9);
    for (let g = 0; g < 15; g++) {
      let s: RumbleState = rumble.setup(rumbleOptions({ players: 2 + (g % 4), auction: { pool: 'all' } }), g);
      while (!rumble.isTerminal(s)) {
        const movers = rumble.toMove(s);
        const menus = movers.map((p) => rumble.legalActions(s, p));
        for (const m of menus) expect(m.length).toBeGreaterThan(0);
        // Every alternative of one mover is legal (apply validates the joint move).
        menus[0]!.forEach((a) => rumble.apply(s, movers.map((_, i) => (i === 0 ? a : menus[i]![0]!))));
        s = rumble.apply(s, menus.map((m) => m[rng.int(m.length)]!));
      }
      expect(rumble.returns(s).reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    }
  });

  it('the heuristic bids near value and respects skip', () => {
    const s = rumble.setup(rumbleOptions({ players: 2, auction: { pool: 'list', list: ['tough-skin', 'flight'] } }), 1);
    const game = rumble as never;
    const bid = (spec: string, player: number) =>
      createAgent(spec, game, new Rng(1)).act({ game, options: s.opts, obs: s, player, legal: rumble.legalActions(s, player) }) as { bids: number[] };
    expect(bid('heuristic', 0).bids).toEqual([25, 15]);
    expect(bid('heuristic:skip=tough-skin', 0).bids[0]).toBe(0);
    expect(() => createAgent('heuristic:bid=9', game, new Rng(1))).toThrow(UserError);
  });

  it('the heuristic bids the power values it is given, not the priors: a prior-0 power is won', () => {
    const withZero = { id: 'zero-prior', name: 'Zero Prior', prior: 0, effects: [{ when: 'static', do: [{ defense: { add: 5 } }] }] };
    const s = rumble.setup(rumbleOptions({ players: 2, customPowers: [withZero], auction: { pool: 'list', list: ['tough-skin', 'zero-prior'] } }), 1);
    const game = rumble as never;
    const act = (agent: ReturnType<typeof createAgent>, st: RumbleState, player: number) =>
      agent.act({ game, options: st.opts, obs: st, player, legal: rumble.legalActions(st, player) }) as { t: 'bid'; bids: number[] };
    const valued = createAgent('heuristic:values=zero-prior/30+tough-skin/4', game, new Rng(1));
    expect(act(valued, s, 0).bids).toEqual([4, 30]);
    // Missing ids are worth 0 (no prior leaks in); bid= scales; the 60% cap scales all bids down.
    expect(act(createAgent('heuristic:values=zero-prior/30,bid=0.5', game, new Rng(1)), s, 0).bids).toEqual([0, 15]);
    expect(act(createAgent('heuristic:values=zero-prior/90+tough-skin/30', game, new Rng(1)), s, 0).bids).toEqual([15, 45]);
    // The same through the programmatic option, and the bid is legal: the prior-0 power is won.
    const prog = createRumbleHeuristic({ values: { 'zero-prior': 30 } }, new Rng(2));
    const next = rumble.apply(s, [act(prog as never, s, 0), act(createAgent('heuristic', game, new Rng(3)), s, 1)]);
    expect(next.heroes[0]!.powers.map((p) => p.id)).toContain('zero-prior');
    expect(() => createAgent('heuristic:values=zero-prior', game, new Rng(1))).toThrow(UserError);
    expect(() => createRumbleHeuristic({ values: { x: -1 } }, new Rng(1))).toThrow(UserError);
  });

  it('evaluate predicts the winner better than a plain Energy share (Brier score, seeded random games)', () => {
    const rng = new Rng(5);
    let brierEval = 0;
    let brierShare = 0;
    for (let g = 0; g < 120; g++) {
      let s: RumbleState = rumble.setup(rumbleOptions({}), g);
      let snap: RumbleState | null = null;
      while (!rumble.isTerminal(s)) {
        if (!snap && s.phase === 'alloc' && s.round === 4) snap = s;
        s = rumble.apply(s, rumble.toMove(s).map((p) => rng.pick(rumble.legalActions(s, p))));
      }
      if (!snap) continue;
      const r = rumble.returns(s);
      const e = rumble.evaluate!(snap);
      const energy = snap.heroes.map((h) => (h.alive ? Math.max(0, h.energy) : 0));
      const total = energy.reduce((a, b) => a + b, 0);
      for (let p = 0; p < 4; p++) {
        brierEval += (e[p]! - r[p]!) ** 2;
        brierShare += (energy[p]! / total - r[p]!) ** 2;
      }
    }
    expect(brierEval).toBeLessThan(0.9 * brierShare);
  });

  it('evaluate prices a state awaiting Reveal after the revealed attacks land (default Reveal choices)', () => {
    const rng = new Rng(11);
    let checked = 0;
    for (let g = 0; g < 40 && checked < 10; g++) {
      let s: RumbleState = rumble.setup(rumbleOptions({ auction: { pool: 'all' } }), g);
      while (!rumble.isTerminal(s)) {
        if (s.phase === 'reveal') {
          const after = rumble.apply(s, rumble.toMove(s).map((p) => rumble.legalActions(s, p)[0]!));
          expect(rumble.evaluate!(s)).toEqual(rumble.isTerminal(after) ? rumble.returns(after) : rumble.evaluate!(after));
          checked++;
        }
        s = rumble.apply(s, rumble.toMove(s).map((p) => rng.pick(rumble.legalActions(s, p))));
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });

  it('evaluate counts a held power at its whole prior until round 1 resolves, a quarter after', () => {
    // Tough Skin's prior is 25: before round 1 hero 0 is as strong as 100 + 25 Energy (the
    // search weighing a bid sees the power for the whole game), after it 100 + 25/4.
    const share = (mine: number) => mine ** 3 / (mine ** 3 + 3 * 100 ** 3);
    const s = fixedGame([{ energy: 100, powers: ['tough-skin'] }, { energy: 100 }, { energy: 100 }, { energy: 100 }]);
    expect(s.round).toBe(1);
    expect(rumble.evaluate!(s)[0]).toBeCloseTo(share(125), 12);
    const after = resolve(s, [0, 1, 2, 3].map(() => alloc(4, {}, 100)));
    expect(after.round).toBe(2);
    expect(rumble.evaluate!(after)[0]).toBeCloseTo(share(100 + 25 / 4), 12);
  });

  it('determinize resamples the random stream (agents cannot read future dice)', () => {
    const s = rumble.setup(rumbleOptions({}), 3);
    const a = rumble.determinize(rumble.observe(s, 0), 0, new Rng(1));
    const b = rumble.determinize(rumble.observe(s, 0), 0, new Rng(2));
    expect(a.rng).not.toBe(s.rng);
    expect(a.rng).not.toBe(b.rng);
    expect(a.heroes).toBe(s.heroes);
  });

  it('heuristic beats random in 4-hero games (seeded)', () => {
    const share = slot0Share(['heuristic', 'random', 'random', 'random'], 40);
    expect(share.lo).toBeGreaterThan(0.25);
  });

  it('MCTS (regret matching, evaluate at the leaves) beats random in 4-hero games (seeded)', () => {
    const share = slot0Share(['mcts:iterations=100,rollout=evaluate', 'random', 'random', 'random'], 24);
    expect(share.lo).toBeGreaterThan(0.25);
  });
});
