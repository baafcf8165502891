/**
 * The evaluators the MCTS search takes (agents/evaluators/): what each returns, that the
 * network's kept forward pass never serves the priors of another state, that a mix is its
 * weighted sum (and a terminal state its returns), and that the spec's evaluator parameters
 * belong to one evaluator each (a parameter of an evaluator the spec does not build is one
 * refusal).
 */
import { describe, expect, it } from 'vitest';
import { checkAgentSpec, createAgent } from '../../agents/index.js';
import type { MctsAgent } from '../../agents/mcts/search.js';
import type { SearchSetting } from '../../agents/evaluators/evaluator.js';
import { networkEvaluator } from '../../agents/evaluators/network.js';
import { mixEvaluator } from '../../agents/evaluators/mix.js';
import { rolloutEvaluator } from '../../agents/evaluators/rollout.js';
import { NetEvaluator } from '../../agents/learned/evaluator.js';
import { loadModel } from '../../agents/learned/model-files.js';
import { Rng } from '../../src/core/rng.js';
import { UserError } from '../../src/core/errors.js';
import { gladiatorDuel } from '../../src/games/gladiator-duel/index.js';
import { decisionPoints, MODEL } from './learned/duel-points.js';

const options = gladiatorDuel.optionsSchema.parse({});
const setting = (seed: number): SearchSetting => ({ game: gladiatorDuel, players: 2, rng: new Rng(seed), options });
const points = decisionPoints(5, 4);

describe('evaluators', () => {
  it('network: values and priors are the network\'s own, whichever state was valued last', () => {
    const weights = loadModel(MODEL, gladiatorDuel, 'test').net;
    const ev = networkEvaluator(weights)(setting(1));
    const plain = new NetEvaluator(gladiatorDuel, weights);
    for (let i = 0; i < points.length; i++) {
      const here = points[i]!;
      const other = points[(i + 1) % points.length]!;
      // Valued here, priors here: the kept forward pass; valued elsewhere, priors here: a fresh one.
      expect(Array.from(ev.evaluate(here.state, false))).toEqual(Array.from(plain.value(here.state, here.player)));
      plain.evaluate(here.state, here.player, here.legal);
      const want = Array.from(plain.priors.subarray(0, here.legal.length));
      expect(Array.from(ev.prior!(here.state, here.player, here.legal).subarray(0, here.legal.length))).toEqual(want);
      ev.evaluate(other.state, false);
      expect(Array.from(ev.prior!(here.state, here.player, here.legal).subarray(0, here.legal.length))).toEqual(want);
    }
  });

  it('rollout: a cut leaf is scored by the game\'s evaluate at once; otherwise played on', () => {
    const ev = rolloutEvaluator(Infinity)(setting(2));
    const s = points[0]!.state;
    expect(Array.from(ev.evaluate(s, true))).toEqual(Array.from(gladiatorDuel.evaluate!(s as never)));
    const played = ev.evaluate(s, false);
    // Played to the end: the game's returns (a win, a loss, or a draw at the turn cap), not a judgement.
    expect([[0, 1], [1, 0], [0.5, 0.5]]).toContainEqual(Array.from(played));
  });

  it('mix: the weighted sum of its parts; a terminal state is its returns', () => {
    const cut = rolloutEvaluator(0);
    const mixed = mixEvaluator([{ evaluator: cut, weight: 0.25 }, { evaluator: cut, weight: 0.75 }])(setting(3));
    const s = points[1]!.state;
    const v = gladiatorDuel.evaluate!(s as never);
    expect(Array.from(mixed.evaluate(s, true))).toEqual(v.map((x) => 0.25 * x + 0.75 * x));
    let end: unknown = s;
    const rng = new Rng(4);
    while (!gladiatorDuel.isTerminal(end as never)) {
      const p = gladiatorDuel.toMove(end as never)[0]!;
      const legal = gladiatorDuel.legalActions(end as never, p);
      end = gladiatorDuel.apply(end as never, [legal[rng.int(legal.length)]]);
    }
    expect(Array.from(mixed.evaluate(end, false))).toEqual(gladiatorDuel.returns(end as never));
  });

  it('the spec builds the evaluators its parameters name', () => {
    const about = (spec: string) => {
      const { leaves, guide } = (createAgent(spec, gladiatorDuel, new Rng(1)) as MctsAgent).config;
      return [leaves.about, guide && `${guide.rule} ${guide.prior.about}${guide.atLeaves ? ' at leaves' : ''}`];
    };
    expect(about('mcts:iterations=10')).toEqual(['rollout depth=Infinity random', undefined]);
    expect(about('mcts:rollout=heuristic,depth=5,prior=heuristic')).toEqual(['rollout depth=5 heuristic', 'bias heuristic prior']);
    expect(about(`mcts:prior=net:model=${MODEL}`)).toEqual(['network', 'puct network at leaves']);
    expect(about(`mcts:prior=net:model=${MODEL},rollout=evaluate`)).toEqual(['rollout depth=0 random', 'puct network']);
    expect(about(`mcts:prior=net:model=${MODEL},rollout=evaluate,lambda=0.5`)).toEqual(['mix 0.5×(network) + 0.5×(rollout depth=0 random)', 'puct network at leaves']);
    expect(about(`mcts:value=net:model=${MODEL},prior=heuristic`)).toEqual(['network', 'bias heuristic prior']);
  });

  it('a parameter of an evaluator the spec does not build is one refusal', () => {
    const refused: [string, RegExp][] = [
      ['mcts:model=models/gladiator-duel', /model is given but prior is none and value is rollout; allowed: model only with prior=net or value=net/],
      ['mcts:lambda=0.5', /lambda is 0.5 but prior is none and value is rollout; allowed: lambda only with prior=net or value=net/],
      ['mcts:transfer=1', /transfer is given but prior is none and value is rollout/],
      [`mcts:value=net:model=${MODEL},depth=3`, /value=net scores leaves with the network's value head, so depth does not apply/],
      [`mcts:value=net:model=${MODEL},rollout=evaluate`, /value=net scores leaves with the network's value head alone, so rollout=evaluate does not apply/],
      [`mcts:prior=net:model=${MODEL},value=net`, /value is net but prior is net/],
      ['mcts:prior=net', /prior=net needs a model/],
    ];
    for (const [spec, message] of refused) {
      expect(() => checkAgentSpec(spec, gladiatorDuel), spec).toThrow(UserError);
      expect(() => checkAgentSpec(spec, gladiatorDuel), spec).toThrow(message);
    }
  });
});
