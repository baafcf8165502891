/**
 * Issue #32: "Generic layers hold no game code: agents/barring.ts imports Ophidian's heuristic
 * and state; src/cli/commands/study.ts imports experiments/ophidian/common; 23 imports in
 * experiments/ reach into game internals instead of a game's index." Each game's index.ts is its
 * public surface; a game-specific need is a hook the game or study declares (Game.bar,
 * Study.checkUserFiles), so generic modules name no game's files.
 */
import { describe, expect, it } from 'vitest';
import { gameBoundaryViolations, gameIds, ownerOf } from './game-boundaries.js';

describe('game boundaries', () => {
  it('no file outside a game imports past its index, and no generic module imports a game\'s studies', () => {
    expect(gameBoundaryViolations('.')).toEqual([]);
  });

  it('knows whose file is whose', () => {
    const games = gameIds('.');
    expect(games).toEqual(expect.arrayContaining(['dark-hero', 'gladiator-duel', 'ophidian', 'rumble', 'superhero-gladiators']));
    expect(ownerOf('agents/barring.ts', games)).toBeNull();
    expect(ownerOf('agents/heuristics/rumble.ts', games)).toBe('rumble');
    expect(ownerOf('experiments/ophidian/common.ts', games)).toBe('ophidian');
    expect(ownerOf('experiments/superhero-gladiators/builds.ts', games)).toBe('superhero-gladiators');
    expect(ownerOf('experiments/study-table.ts', games)).toBeNull();
    expect(ownerOf('src/cli/commands/study.ts', games)).toBeNull();
  });
});
