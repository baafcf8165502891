/**
 * Lead changes for the game-quality panel: with `leadChanges: true` the runner records
 * how often the unique leader of `game.evaluate` changes hands during a game.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/core/game.js';
import { leadChanges } from '../../src/analysis/stats/quality.js';
import { playGame, replayGame } from '../../src/sim/play.js';
import { race, type RaceState } from './fixtures.js';

/** The race, judged by who is ahead on the track (a tie leads nobody). */
const judgedRace: Game<RaceState, number, RaceState, any> = {
  ...(race as Game<RaceState, number, RaceState, any>),
  id: 'test-judged-race',
  evaluate: (s) => s.pos.map((p) => p / s.target),
};
const resolveGame = () => judgedRace;

describe('lead changes', () => {
  it('counts every change of the leader after each decision, as quality.leadChanges does on the trace', () => {
    for (let index = 0; index < 20; index++) {
      const config = { gameId: judgedRace.id, options: {}, agents: ['random'], games: 20, seed: 3, leadChanges: true };
      const record = playGame(config, index, { resolveGame });
      // Rebuild the trace from the replay's positions (describeState: "positions a b").
      const trace: number[][] = [];
      let steps = 0;
      replayGame(config, index, (step) => {
        steps++;
        const pos = step.state.replace('positions ', '').split(' ').map(Number);
        if (steps < record.length) trace.push(pos);
      }, { resolveGame });
      expect(record.tags['leadChanges']).toBe(leadChanges(trace));
    }
  });

  it('records nothing unless asked, and nothing for games without an evaluation', () => {
    const base = { gameId: race.id, options: {}, agents: ['random'], games: 2, seed: 3 };
    expect(playGame(base, 0, { resolveGame: () => race }).tags['leadChanges']).toBeUndefined();
    expect(playGame({ ...base, leadChanges: true }, 0, { resolveGame: () => race }).tags['leadChanges']).toBeUndefined();
  });

  it('finds lead changes in real races (some game of twenty changes leader)', () => {
    const config = { gameId: judgedRace.id, options: {}, agents: ['random'], games: 20, seed: 5, leadChanges: true };
    const counts = Array.from({ length: 20 }, (_, i) => Number(playGame(config, i, { resolveGame }).tags['leadChanges']));
    expect(Math.max(...counts)).toBeGreaterThan(0);
  });
});
