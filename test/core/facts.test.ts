import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { optionDocsFromSchema } from '../../src/core/facts.js';
import { factsOf } from '../../src/core/game.js';
import { challengeOptionsSchema } from '../../src/games/toy/challenge.js';

describe('option docs from the schema', () => {
  it('reads description, default and sweep once, from the zod schema (nested paths dotted)', () => {
    const schema = z
      .object({
        turns: z.number().int().default(12).meta({ description: 'rounds played', sweep: { min: 6, max: 24, step: 6 } }),
        map: z.object({ layout: z.enum(['seed', 'random']).default('seed').describe('map layout') }).default({ layout: 'seed' }),
        bent: z.number().int().optional().describe('fix the d4'),
      })
      .strict();
    expect(optionDocsFromSchema(schema)).toEqual([
      { path: 'turns', default: 12, description: 'rounds played', sweep: { min: 6, max: 24, step: 6 } },
      { path: 'map.layout', default: 'seed', description: 'map layout' },
      { path: 'bent', default: undefined, description: 'fix the d4' },
    ]);
  });

  it('refuses an undocumented option', () => {
    expect(() => optionDocsFromSchema(z.object({ x: z.number().default(1) }))).toThrow(/option "x" has no description/);
  });

  it('documents a default a transform fills (meta.default) instead of the absent zod default', () => {
    const schema = z.object({ players: z.number().int().optional().meta({ description: 'seats', default: 4 }), file: z.string().optional().describe('a file') });
    expect(optionDocsFromSchema(schema)).toEqual([
      { path: 'players', default: 4, description: 'seats' },
      { path: 'file', default: undefined, description: 'a file' },
    ]);
  });

  it('works on a refined schema (the toy Challenge)', () => {
    expect(optionDocsFromSchema(challengeOptionsSchema).map((d) => d.path)).toEqual(['players', 'cards', 'rounds', 'order']);
  });
});

describe('facts', () => {
  it('a game without declared facts is read as general-sum', () => {
    expect(factsOf({ perfectInformation: true, simultaneous: false }).utility).toBe('general-sum');
  });
});

describe('MCTS backup=paranoid and general-sum games', () => {
  it('refuses paranoid for dark-hero (general-sum) with a one-line reason, accepts it for a zero-sum game', async () => {
    const { createAgent } = await import('../../agents/index.js');
    const { getGame } = await import('../../src/games/index.js');
    const { Rng } = await import('../../src/core/rng.js');
    expect(() => createAgent('mcts:backup=paranoid', getGame('dark-hero'), new Rng(1))).toThrow(/backup is "paranoid" but dark-hero is general-sum.*allowed: backup=maxn/);
    expect(() => createAgent('mcts:backup=paranoid', getGame('rumble'), new Rng(1))).not.toThrow();
  });
});
