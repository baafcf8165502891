/**
 * `mcts:prior=net:model=DIR,batch=B`: the leaf-batched PUCT as an agent spec. It takes only
 * what the batched search implements and refuses the rest in one line (a parameter it
 * silently ignored would change what a report says was played); it is marked as needing
 * tfjs, which the runner starts before any game.
 */
import { describe, expect, it } from 'vitest';
import { agentsNeedTf, checkAgentSpec, createAgent } from '../../../agents/index.js';
import { BatchedPuctAgent } from '../../../agents/learned/batched-puct.js';
import { UserError } from '../../../src/core/errors.js';
import { Rng } from '../../../src/core/rng.js';
import { getGame } from '../../../src/games/index.js';

const duel = getGame('gladiator-duel');
const SPEC = 'mcts:prior=net:model=models/gladiator-duel,batch=16';

function refusal(spec: string, game = duel): string {
  try {
    checkAgentSpec(spec, game);
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    const message = (e as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    return message;
  }
  throw new Error(`${spec} was accepted`);
}

describe('mcts:…,batch=B', () => {
  it('parses in both model forms and builds the batched search', () => {
    for (const spec of [SPEC, 'mcts:prior=net,model=models/gladiator-duel,batch=4,iterations=64,c=1.5,transfer=1']) {
      expect(() => checkAgentSpec(spec, duel)).not.toThrow();
      expect(() => checkAgentSpec(spec)).not.toThrow();
      expect(createAgent(spec, duel, new Rng(1))).toBeInstanceOf(BatchedPuctAgent);
    }
    // Without batch it is the one-row search, as before.
    expect(createAgent('mcts:prior=net:model=models/gladiator-duel', duel, new Rng(1))).not.toBeInstanceOf(BatchedPuctAgent);
  });

  it('is the only spec that needs tfjs started', () => {
    expect(agentsNeedTf([SPEC])).toBe(true);
    expect(agentsNeedTf(['heuristic', `${SPEC}`])).toBe(true);
    expect(agentsNeedTf(['mcts:prior=net:model=models/gladiator-duel', 'net:model=models/gladiator-duel', 'mcts', 'random'])).toBe(false);
    // A malformed spec is left to its own check.
    expect(agentsNeedTf(['mcts:batch'])).toBe(false);
  });

  it('refuses, in one line before any game, what the batched search cannot honour', () => {
    expect(refusal('mcts:batch=16')).toMatch(/batch=16 batches the network's leaf evaluations but prior is none; allowed: batch only with prior=net:model=DIR/);
    expect(refusal('mcts:prior=heuristic,batch=16')).toMatch(/prior is heuristic; allowed: batch only with prior=net/);
    expect(refusal('mcts:value=net:model=models/gladiator-duel,batch=16')).toMatch(/value is net; allowed: batch only with prior=net/);
    expect(refusal('mcts:prior=net,batch=16')).toMatch(/prior=net needs a model/);
    for (const [extra, name] of [
      ['rollout=random', 'rollout'],
      ['lambda=0.5', 'lambda'],
      ['time=100', 'time'],
      ['plies=2', 'plies'],
      ['opponents=heuristic', 'opponents'],
      ['backup=paranoid', 'backup'],
      ['sm=puct', 'sm'],
      ['bar=x', 'bar'],
    ] as const) {
      expect(refusal(`${SPEC},${extra}`)).toMatch(new RegExp(`runs the leaf-batched PUCT, which has no ${name} .*allowed with batch: prior, model, transfer, iterations, c$`));
    }
    expect(refusal(`${SPEC.replace('16', '0')}`)).toMatch(/field batch is "0"; allowed: >= 1/);
    expect(refusal(`${SPEC.replace('16', '2000')}`)).toMatch(/field batch is "2000"; allowed: <= 1024/);
    // Rumble's bids are made at once: the batched search has no simultaneous-move nodes.
    expect(refusal('mcts:prior=net:model=models/rumble,batch=16', getGame('rumble'))).toMatch(/rumble has moves made at once; allowed: mcts:prior=net,sm=puct without batch/);
    // A model of another game, as without batch.
    expect(refusal('mcts:prior=net:model=models/ophidian,batch=16')).toMatch(/ophidian/);
  });
});
