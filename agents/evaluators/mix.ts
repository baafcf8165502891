/**
 * A weighted mix of evaluators (spec `lambda`): every seat's value is Σ wᵢ·vᵢ, as in
 * AlphaGo's (1 − λ)·value head + λ·rollout (Silver et al. 2016). The value head judges a
 * position from what it learnt, a rollout plays it out from the determinization at hand;
 * the two err differently, so their mean can beat both. A terminal state is its returns
 * (not a sum of equal terms, which could round differently).
 */
import type { AnyGame } from '../../src/core/game.js';
import { describedAs, type Evaluator, type EvaluatorFactory } from './evaluator.js';

class MixEvaluator implements Evaluator {
  private readonly out: number[] = [];

  constructor(
    private readonly game: AnyGame,
    private readonly parts: readonly Evaluator[],
    private readonly weights: readonly number[],
    players: number,
  ) {
    this.out.length = players;
  }

  evaluate(state: unknown, cut: boolean): ArrayLike<number> {
    if (this.game.isTerminal(state)) return this.game.returns(state);
    const out = this.out;
    // Each part's vector is read before the next part runs (a part may return its buffer).
    for (let k = 0; k < this.parts.length; k++) {
      const v = this.parts[k]!.evaluate(state, cut);
      const w = this.weights[k]!;
      for (let i = 0; i < out.length; i++) out[i] = k === 0 ? w * v[i]! : out[i]! + w * v[i]!;
    }
    return out;
  }
}

/** Σ weight·evaluator over the parts (weights as given; they should sum to 1). */
export function mixEvaluator(parts: readonly { readonly evaluator: EvaluatorFactory; readonly weight: number }[]): EvaluatorFactory {
  const about = `mix ${parts.map((p) => `${p.weight}×(${p.evaluator.about})`).join(' + ')}`;
  return describedAs(about, (setting) =>
    new MixEvaluator(
      setting.game,
      parts.map((p) => p.evaluator(setting)),
      parts.map((p) => p.weight),
      setting.players,
    ),
  );
}
