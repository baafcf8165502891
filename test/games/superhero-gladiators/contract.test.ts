import { describe, it, expect } from 'vitest';
import { checkGameContract, deepFreeze } from '../../core/contract.js';
import { randomPlayout } from '../../../src/core/game.js';
import { Rng } from '../../../src/core/rng.js';
import { superheroGladiators as game, parseOptions } from '../../../src/games/superhero-gladiators/index.js';
import { SAMPLE_HEROES } from '../../../src/games/superhero-gladiators/game.js';

describe('superhero-gladiators meets the game contract', () => {
  it('1v1 on the default map (deep-frozen states, determinize re-samples the dice)', () => {
    checkGameContract(game, parseOptions({ teams: [['Webspinner'], ['Amazon']], turnCap: 6 }), { games: 4, chance: true, agentChecks: 3 });
  });

  it('2v2v2 with every sample hero in play on a random map', () => {
    const names = SAMPLE_HEROES.map((h) => h.name);
    checkGameContract(game, parseOptions({ teams: [[names[0]!, names[1]!, names[2]!], [names[3]!, names[4]!, names[5]!], [names[6]!, names[7]!, names[8]!]], turnCap: 3, arena: { map: 'random' } }), {
      games: 2,
      chance: true,
    });
  });
});

describe('random games', () => {
  it('end, keep Oomph within 0..maximum, and give win shares summing to 1', () => {
    const names = SAMPLE_HEROES.map((h) => h.name);
    for (let i = 0; i < 12; i++) {
      const o = parseOptions({ teams: [[names[i % names.length]!], [names[(i * 5 + 3) % names.length]!, names[(i + 4) % names.length]!]], turnCap: 8 });
      let s = deepFreeze(game.setup(o, i));
      const rng = new Rng(100 + i);
      while (!game.isTerminal(s)) {
        const [p] = game.toMove(s);
        const legal = game.legalActions(s, p!);
        s = deepFreeze(game.apply(s, [legal[rng.int(legal.length)]]));
        s.heroes.forEach((r, h) => {
          expect(r.oomph).toBeGreaterThanOrEqual(0);
          expect(r.oomph).toBeLessThanOrEqual(s.setup.heroes[h]!.oomphMax);
        });
      }
      const ret = game.returns(s);
      expect(ret.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      expect(['knockout', 'turn-cap', 'all-fainted']).toContain(s.endReason);
      expect(s.round).toBeLessThanOrEqual(8 * 6 + 1);
    }
  });

  it('replays exactly from the seed', () => {
    const o = parseOptions({});
    const a = randomPlayout(game, game.setup(o, 9), new Rng(4)).state;
    const b = randomPlayout(game, game.setup(o, 9), new Rng(4)).state;
    expect(a).toEqual(b);
  });
});
