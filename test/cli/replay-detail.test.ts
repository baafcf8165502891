/**
 * What `crucible replay` shows after each move: the state lines the move changed (a
 * strike's cost in strength, an auction's powers won, by their names).
 */
import { describe, expect, it } from 'vitest';
import { changedLines, showMoves, showReturns, showSeats } from '../../src/cli/commands/replay.js';
import { replayGame } from '../../src/sim/play.js';
import type { MatchConfig } from '../../src/sim/types.js';

function replaySteps(config: MatchConfig, index: number): { start: string; states: string[] } {
  let start = '';
  const states: string[] = [];
  replayGame(config, index, (step) => states.push(step.state), { onStart: (s) => (start = s) });
  return { start, states };
}

describe('replay detail', () => {
  it('keeps only changed lines below the header', () => {
    expect(changedLines(['turn 1', 'a', 'b'], ['turn 2', 'a', 'c'])).toEqual(['c']);
  });

  it('a gladiator-duel strike that lands shows the strength it cost', () => {
    const config: MatchConfig = { gameId: 'gladiator-duel', options: {}, agents: ['heuristic'], games: 2, seed: 1 };
    const { start, states } = replaySteps(config, 1);
    const all = [start, ...states].map((s) => s.split('\n'));
    const drops = all.slice(1).flatMap((lines, i) => changedLines(all[i]!, lines)).filter((l) => /strength [0-2]\/3/.test(l));
    expect(drops.length).toBeGreaterThan(0);
  });

  it('every gladiator-duel strike in a replay names its dice', () => {
    const config: MatchConfig = { gameId: 'gladiator-duel', options: {}, agents: ['heuristic'], games: 2, seed: 1 };
    const strikes: string[] = [];
    replayGame(config, 1, (step) => strikes.push(...step.moves.map((m) => m.action).filter((a) => / strike\b/.test(a))));
    expect(strikes.length).toBeGreaterThan(0);
    for (const a of strikes) expect(a).toMatch(/strike \(attacker rolled [1-6], defender [1-6]/);
  });

  it('Rumble states name powers and lots by their names', () => {
    const config: MatchConfig = { gameId: 'rumble', options: { players: 2 }, agents: ['random'], games: 1, seed: 1 };
    const { start, states } = replaySteps(config, 0);
    expect(start).toMatch(/lots ([A-Z][\w-]*( [\w-]+)*)(, [A-Z][\w-]*( [\w-]+)*)+/);
    expect([start, ...states].join('\n')).not.toMatch(/lots [a-z]+-[a-z]+/);
    const held = states.join('\n').match(/\[([^\]]+)\]/);
    expect(held?.[1]).toMatch(/^[A-Z]/);
  });
});

describe('replay numbers seats from 1, like play, compare and tune', () => {
  it('labels moves, returns and seating from seat 1', () => {
    expect(showMoves([{ seat: 0, agent: 'random', action: 'end turn' }, { seat: 1, agent: 'heuristic', action: 'pass' }])).toBe('seat 1 (random): end turn; seat 2 (heuristic): pass');
    expect(showReturns([1, 0])).toBe('seat 1 1, seat 2 0');
    expect(showSeats(['mcts', 'heuristic'])).toBe('seats: 1=mcts, 2=heuristic');
  });

  it('gladiator-duel texts a replay prints number seats from 1 too', () => {
    const config: MatchConfig = { gameId: 'gladiator-duel', options: {}, agents: ['heuristic'], games: 1, seed: 1 };
    let start = '';
    const actions: string[] = [];
    replayGame(config, 0, (step) => actions.push(...step.moves.map((m) => m.action)), { onStart: (s) => (start = s) });
    expect(start).toMatch(/seat 1 to move/);
    expect(start).toMatch(/\n {2}seat 1: .*\n {2}seat 2: /);
    expect(actions[0]).toMatch(/^seat 1: /);
    expect(actions.join('\n')).not.toMatch(/^seat 0:/m);
  });
});
