/**
 * The network as a search and a player see it: a state and the seat to move in, the
 * prior over that seat's legal actions and the expected return of every seat out.
 *
 * No peeking: the network reads only `encoder.encode(game.observe(state, player))`, the
 * acting player's observation. Inside a search `state` is the searcher's own
 * determinization (a state consistent with what it knows), so nothing hidden leaks.
 */
import type { AnyGame, Encoder } from '../../src/core/game.js';
import { NetRunner, maskedSoftmax, type NetWeights } from './network.js';

export class NetEvaluator {
  private readonly runner: NetRunner;
  private readonly input: Float32Array;
  private readonly encoder: Encoder<unknown, unknown, unknown>;
  private indices = new Int32Array(16);
  /** Prior over the legal actions of the last `evaluate` (its first `legal.length` entries). */
  priors = new Float64Array(16);
  /** Absolute per-seat expected returns of the last `evaluate`. */
  readonly values: Float64Array;

  constructor(
    readonly game: AnyGame,
    net: NetWeights,
  ) {
    this.encoder = game.encoder as Encoder<unknown, unknown, unknown>;
    this.runner = new NetRunner(net);
    this.input = new Float32Array(net.shape.inputs);
    this.values = new Float64Array(net.shape.players);
  }

  /** The encoder index of each legal action, into `indices` (grown as needed). */
  private index(state: unknown, player: number, legal: readonly unknown[]): Int32Array {
    if (this.indices.length < legal.length) {
      this.indices = new Int32Array(legal.length * 2);
      this.priors = new Float64Array(legal.length * 2);
    }
    for (let i = 0; i < legal.length; i++) this.indices[i] = this.encoder.actionIndex(legal[i], state, player);
    return this.indices;
  }

  /** Runs the trunk and value head for `player` at `state`: fills `values` (absolute seats). */
  private forward(state: unknown, player: number): void {
    this.encoder.encode(this.game.observe(state, player), player, this.input);
    this.runner.trunk(this.input);
    this.runner.valueHead();
    const rel = this.runner.values;
    const n = rel.length;
    for (let k = 0; k < n; k++) this.values[(player + k) % n] = rel[k]!;
  }

  /**
   * Evaluates `state` for `player` to move with `legal` actions: `priors[0..legal.length)`
   * (softmax at temperature `t` over the legal logits) and `values` are filled.
   */
  evaluate(state: unknown, player: number, legal: readonly unknown[], t = 1): void {
    this.forward(state, player);
    this.policy(state, player, legal, t);
  }

  /**
   * The policy head alone, over the trunk of the last forward pass, which must have been
   * for this `state` and `player` (a search that just read a leaf's value, then wants its
   * priors): fills `priors[0..legal.length)` exactly as `evaluate` does.
   */
  policy(state: unknown, player: number, legal: readonly unknown[], t = 1): void {
    const idx = this.index(state, player, legal).subarray(0, legal.length);
    this.runner.logitsAt(idx, legal.length);
    maskedSoftmax(this.runner.logits, idx, this.priors, t);
  }

  /** Only the value head, from `player`'s observation: fills `values`. */
  value(state: unknown, player: number): Float64Array {
    this.forward(state, player);
    return this.values;
  }
}
