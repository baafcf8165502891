import { describe, expect, it } from 'vitest';
import { defineFlow, HIDDEN_MOVE, othersFrom, setAt, type Draft, type FlowFields } from '../../src/core/flow.js';
import { Rng } from '../../src/core/rng.js';
import { deepFreeze } from './contract.js';

/**
 * A toy game for the flow's simultaneous phases (boardgame.io's `activePlayers` stages):
 * Sealed Bids. Every round, each player with coins left secretly bids 0..min(3, coins),
 * and the bids are revealed at once. The single highest bid wins the round: its bidder
 * pays it and scores 1, then every other player, from the winner's left, is asked once
 * whether to cry "foul" (the first foul costs the winner its point back). A tie at the top
 * is bid again (the round stays in the bidding phase). After `rounds` rounds the game ends.
 */
interface S extends FlowFields {
  readonly n: number;
  readonly coins: readonly number[];
  readonly scores: readonly number[];
  readonly rounds: number;
  readonly log: readonly string[];
  readonly committed: readonly unknown[];
}

function makeFlow() {
  const flow = defineFlow<S, number>({
    game: 'sealed-bids',
    turnOrder: { round: () => [0] }, // one table turn a round: the phases are simultaneous
    first: 'bid',
    phases: {
      bid: {
        movers(s) {
          const out: number[] = [];
          for (let p = 0; p < s.n; p++) if (s.coins[p]! > 0) out.push(p);
          return out;
        },
        moves: (s, p) => Array.from({ length: Math.min(3, s.coins[p]!) + 1 }, (_, x) => x),
        resolve(d, players, bids) {
          const top = Math.max(...bids);
          const at = players.filter((_, i) => bids[i] === top);
          d.log = [...d.log, `bids ${players.map((p, i) => `${p}:${bids[i]}`).join(' ')}`];
          if (at.length > 1) return; // a tie: bid again (endIf keeps the phase open)
          const w = at[0]!;
          d.coins = setAt(d.coins, w, d.coins[w]! - top);
          d.scores = setAt(d.scores, w, d.scores[w]! + 1);
          flow.openWindow(d, 'foul', othersFrom(w, d.n), w);
        },
        endIf: (s) => !s.log.at(-1)!.startsWith('bids') || isWon(s),
      },
    },
    windows: {
      foul: {
        moves: () => [0, 1],
        play(d, p, cry, winner) {
          if (cry === 0) return false;
          d.scores = setAt(d.scores, winner, d.scores[winner]! - 1);
          d.log = [...d.log, `foul by ${p}`];
          return true;
        },
        onClose(d, by) {
          d.log = [...d.log, `won${by >= 0 ? ' (fouled)' : ''}`];
        },
      },
    },
    endIf: (s) => s.round >= s.rounds || s.coins.every((c) => c === 0),
    copy: (s): Draft<S> => ({
      phase: s.phase, round: s.round, order: s.order, turn: s.turn, current: s.current, stack: s.stack, steps: s.steps, committed: s.committed,
      n: s.n, coins: s.coins, scores: s.scores, rounds: s.rounds, log: s.log,
    }),
  });
  return flow;
}

/** True if the last bidding had a single highest bid (the log's last entry is then the window's). */
function isWon(s: S): boolean {
  const bids = s.log.at(-1)!.slice(5).split(' ').map((x) => Number(x.split(':')[1]));
  const top = Math.max(...bids);
  return bids.filter((b) => b === top).length === 1;
}

function start(extra: Partial<S> = {}) {
  const flow = makeFlow();
  const s = flow.begin({ ...flow.initial(), committed: [], n: 3, coins: [5, 1, 0], scores: [0, 0, 0], rounds: 2, log: [], ...extra });
  return { flow, s: deepFreeze(s) };
}

describe('flow: a simultaneous phase (every mover at once)', () => {
  it('lists every mover, and each mover its own legal moves', () => {
    const { flow, s } = start();
    expect(flow.toMove(s)).toEqual([0, 1]); // seat 2 has no coins: it sits the bidding out
    expect(flow.legalActions(s, 0)).toEqual([0, 1, 2, 3]);
    expect(flow.legalActions(s, 1)).toEqual([0, 1]);
    expect(flow.decision(s)).toEqual({ player: 0, name: 'bid', window: false, players: [0, 1] });
  });

  it('resolves the joint move once, counts one step, and never mutates its input', () => {
    const { flow, s } = start();
    const before = JSON.stringify(s);
    const t = deepFreeze(flow.apply(s, [2, 1])); // moves[i] is toMove(s)[i]'s
    expect(JSON.stringify(s)).toBe(before);
    expect(t.log).toEqual(['bids 0:2 1:1']);
    expect(t.coins).toEqual([3, 1, 0]);
    expect(t.steps).toBe(1);
    // The resolution opened a window: the others are asked once, from the winner's left.
    expect(flow.decision(t)).toEqual({ player: 1, name: 'foul', window: true });
    const u = flow.apply(flow.apply(t, [0]), [0]);
    expect(u.log).toEqual(['bids 0:2 1:1', 'won']);
    expect(u.round).toBe(1);
    expect(flow.toMove(u)).toEqual([0, 1]);
  });

  it('refuses an illegal move with one line naming it, and a wrong number of moves', () => {
    const { flow, s } = start();
    expect(() => flow.apply(s, [2, 3])).toThrow(/^sealed-bids: illegal move 3 for player 1; legal now: 0, 1$/);
    expect(() => flow.apply(s, [2])).toThrow(/^sealed-bids: 1 moves given; allowed: exactly 2 \(players to move: 0, 1\)$/);
  });

  it('a tie at the top keeps the phase open for another joint move in the same round', () => {
    const { flow, s } = start();
    const t = flow.apply(s, [1, 1]);
    expect(t.log).toEqual(['bids 0:1 1:1']);
    expect(t.round).toBe(0);
    expect(flow.decision(t)).toEqual({ player: 0, name: 'bid', window: false, players: [0, 1] });
    expect(t.coins).toEqual([5, 1, 0]);
  });

  it('commit: moves handed in one by one resolve with the last, as the joint move does', () => {
    const { flow, s } = start();
    const c1 = deepFreeze(flow.commit(s, 1, 1));
    expect(flow.toMove(c1)).toEqual([0]); // player 1 has handed in its move
    expect(c1.steps).toBe(0);
    expect(flow.legalActions(c1, 0)).toEqual([0, 1, 2, 3]);
    expect(() => flow.commit(c1, 1, 0)).toThrow(/player 1 commits a move; allowed: players still to move: 0/);
    expect(() => flow.commit(c1, 0, 4)).toThrow(/illegal move 4 for player 0/);
    const viaCommit = flow.commit(c1, 0, 2);
    const viaApply = flow.apply(s, [2, 1]);
    expect(viaCommit).toEqual(viaApply);
    // apply after a commit takes the moves of the players still to move only.
    expect(flow.apply(c1, [2])).toEqual(viaApply);
  });

  it('observation hides other players\' committed moves; determinize samples legal ones', () => {
    const { flow, s } = start({ n: 3, coins: [5, 2, 4] });
    const c = deepFreeze(flow.commit(flow.commit(s, 0, 3), 2, 1));
    expect(flow.hideCommitted(c, 0).committed).toEqual([3, undefined, HIDDEN_MOVE]);
    expect(flow.hideCommitted(c, 1).committed).toEqual([HIDDEN_MOVE, undefined, HIDDEN_MOVE]);
    expect(JSON.stringify(flow.hideCommitted(c, 1))).not.toMatch(/3,null,1|"committed":\[3/);
    const rng = new Rng(7);
    for (let k = 0; k < 20; k++) {
      const d = flow.determinizeCommits(flow.hideCommitted(c, 1), rng);
      expect(flow.toMove(d)).toEqual([1]);
      expect(flow.legalActions(s, 0)).toContain(d.committed[0]);
      expect(flow.legalActions(s, 2)).toContain(d.committed[2]);
      expect(d.committed[1]).toBeUndefined();
    }
  });

  it('a copy that drops the committed field is caught', () => {
    const flow = defineFlow<S, number>({
      game: 'drops',
      turnOrder: { round: () => [0] },
      first: 'bid',
      phases: { bid: { movers: () => [0, 1, 2], moves: () => [0, 1], resolve() {} } },
      endIf: (s) => s.round >= 1,
      copy: ({ committed: _dropped, ...rest }) => rest as Draft<S>,
    });
    const s = flow.begin({ ...flow.initial(), committed: [], n: 2, coins: [], scores: [], rounds: 1, log: [] });
    const c = flow.commit(s, 0, 1); // the first commit adds the field to the copy...
    expect(() => flow.commit(c, 1, 1)).toThrow(/copy drops the committed field/); // ...the next copy loses it
  });

  it('a phase is a turn phase (play) or a simultaneous one (movers and resolve), never both', () => {
    const both = () =>
      defineFlow<S, number>({
        game: 'both',
        turnOrder: { round: () => [0] },
        first: 'x',
        phases: { x: { moves: () => [0], play() {}, movers: () => [0], resolve() {} } },
        endIf: () => false,
      });
    expect(both).toThrow(/phase "x" needs either play \(a turn phase\) or movers and resolve/);
  });

  it('plays whole games to the end from random joint moves (seeded)', () => {
    const { flow } = start();
    const rng = new Rng(3);
    for (let g = 0; g < 30; g++) {
      let s = flow.begin({ ...flow.initial(), committed: [], n: 3, coins: [4, 4, 4], scores: [0, 0, 0], rounds: 3, log: [] });
      for (let step = 0; !flow.isOver(s) && step < 200; step++) {
        const movers = flow.toMove(s);
        const moves = movers.map((p) => rng.pick(flow.legalActions(s, p)));
        s = deepFreeze(step % 2 ? flow.apply(s, moves) : flow.applyUnchecked(s, moves));
      }
      expect(flow.isOver(s)).toBe(true);
      expect(s.scores.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(3);
    }
  });
});
