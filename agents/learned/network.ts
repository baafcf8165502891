/**
 * The policy/value network of the learned agents, as plain arrays, with a hand-written
 * forward pass for single-state inference inside a search.
 *
 * Shape (a multilayer perceptron over the game's encoder):
 *
 *   observation (encoder.observationSize)
 *     → dense(hidden[0], relu) → … → dense(hidden[k], relu) = trunk
 *   trunk → dense(encoder.actionCount)       policy logits (softmax over the legal mask)
 *   trunk → dense(players, sigmoid)          value: the expected return of every seat,
 *                                            seat-relative (entry k is the seat k places
 *                                            after the observer), each in [0, 1]
 *
 * The trainer builds the same layers in tfjs (src/sim/train/tf-model.ts, layer names
 * `hidden1…`, `policy`, `value`) and saves them in the tfjs file format; the weights
 * read back here are those arrays (kernel [in, out] row-major, bias [out]).
 *
 * Why a hand-written pass: a search asks for one state at a time, thousands of times a
 * second. A tfjs `predict` on one row costs a dispatch, tensor allocations and a
 * readback (tens to hundreds of microseconds on wasm); this loop over a few thousand
 * weights costs a few microseconds and allocates nothing (bench/learned.bench.ts).
 */

/** One dense layer: `kernel[i * outputs + j]` is the weight from input i to output j. */
export interface DenseLayer {
  readonly inputs: number;
  readonly outputs: number;
  readonly kernel: Float32Array;
  readonly bias: Float32Array;
}

export interface NetShape {
  /** Encoder observation size. */
  readonly inputs: number;
  /** Widths of the relu trunk layers. */
  readonly hidden: readonly number[];
  /** Encoder action count (policy logits). */
  readonly actions: number;
  /** Seats (value outputs). */
  readonly players: number;
}

export interface NetWeights {
  readonly shape: NetShape;
  readonly trunk: readonly DenseLayer[];
  readonly policy: DenseLayer;
  readonly value: DenseLayer;
}

/** tfjs weight names, in the order the tfjs model lists them. */
export function weightNames(shape: NetShape): string[] {
  const names: string[] = [];
  shape.hidden.forEach((_, i) => names.push(`hidden${i + 1}/kernel`, `hidden${i + 1}/bias`));
  names.push('policy/kernel', 'policy/bias', 'value/kernel', 'value/bias');
  return names;
}

/** The [in, out] shape of each named weight (bias: [out]). */
export function weightShapes(shape: NetShape): number[][] {
  const out: number[][] = [];
  let inputs = shape.inputs;
  for (const width of shape.hidden) {
    out.push([inputs, width], [width]);
    inputs = width;
  }
  out.push([inputs, shape.actions], [shape.actions], [inputs, shape.players], [shape.players]);
  return out;
}

/** Builds the layer view from flat arrays in `weightNames` order (checked lengths). */
export function netFromArrays(shape: NetShape, arrays: readonly Float32Array[]): NetWeights {
  const shapes = weightShapes(shape);
  if (arrays.length !== shapes.length) throw new Error(`network: ${arrays.length} weight arrays for ${shapes.length} expected`);
  shapes.forEach((s, i) => {
    const size = s.reduce((a, b) => a * b, 1);
    if (arrays[i]!.length !== size) throw new Error(`network: weight ${weightNames(shape)[i]} has ${arrays[i]!.length} values; expected ${size}`);
  });
  const layer = (k: number): DenseLayer => ({ inputs: shapes[k]![0]!, outputs: shapes[k]![1]!, kernel: arrays[k]!, bias: arrays[k + 1]! });
  const trunk = shape.hidden.map((_, i) => layer(2 * i));
  const base = 2 * shape.hidden.length;
  return { shape, trunk, policy: layer(base), value: layer(base + 2) };
}

/** The smallest positive normal float32; below it (and above 0) a value is subnormal. */
const MIN_NORMAL_F32 = 1.1754943508222875e-38;

/**
 * Sets subnormal weights (0 < |w| < 1.2e-38) to zero, in place; returns how many.
 *
 * Training's L2 decay drives the weights of inputs and actions that never occur towards
 * zero, into float32's subnormal range (the shipped gladiator-duel model: 5,548 of 8,782
 * weights; Ophidian's: 507,355 of 551,477). x86 computes with subnormal operands through
 * a microcode assist, many times slower: tfjs's wasm matmul on gladiator-duel's net ran
 * 30 µs a row in a batch of 64 as shipped and 2.3 µs flushed (bench/learned.bench.ts).
 * A subnormal weight contributes under 1e-37 to a sum: every legal action's logit and
 * every value comes out bit for bit the same (test/agents/learned/batched-puct.test.ts);
 * only the logits of actions that are never legal (themselves subnormal) become 0.
 */
export function flushSubnormals(arrays: readonly Float32Array[]): number {
  let flushed = 0;
  for (const a of arrays) {
    for (let i = 0; i < a.length; i++) {
      const w = a[i]!;
      if (w !== 0 && w < MIN_NORMAL_F32 && w > -MIN_NORMAL_F32) {
        a[i] = 0;
        flushed++;
      }
    }
  }
  return flushed;
}

/** Number of weights. */
export function parameterCount(shape: NetShape): number {
  return weightShapes(shape).reduce((sum, s) => sum + s.reduce((a, b) => a * b, 1), 0);
}

/** out = input · kernel + bias (relu when asked); skips zero inputs (observations are sparse). */
function dense(layer: DenseLayer, input: Float32Array, out: Float32Array, relu: boolean): void {
  const { inputs, outputs, kernel, bias } = layer;
  for (let j = 0; j < outputs; j++) out[j] = bias[j]!;
  for (let i = 0; i < inputs; i++) {
    const x = input[i]!;
    if (x === 0) continue;
    const row = i * outputs;
    for (let j = 0; j < outputs; j++) out[j] += x * kernel[row + j]!;
  }
  if (relu) for (let j = 0; j < outputs; j++) if (out[j]! < 0) out[j] = 0;
}

/**
 * Single-state inference with preallocated buffers (one per agent: not shared between
 * threads or re-entrant). `run(x)` fills `logits` and `values`; a search uses
 * `trunk(x)` and then only the heads it needs — the value, and the logits of the legal
 * actions (Dark Hero has 2,189 action indices and a few legal ones: the full policy head
 * would cost more than the rest of the network).
 */
export class NetRunner {
  readonly logits: Float32Array;
  /** Seat-relative expected returns in [0, 1]. */
  readonly values: Float32Array;
  private readonly buffers: Float32Array[];
  private features: Float32Array;

  constructor(readonly net: NetWeights) {
    this.buffers = net.trunk.map((l) => new Float32Array(l.outputs));
    this.logits = new Float32Array(net.shape.actions);
    this.values = new Float32Array(net.shape.players);
    this.features = new Float32Array(0);
  }

  /** The relu trunk: its output is kept for the heads. */
  trunk(input: Float32Array): void {
    let x = input;
    for (let i = 0; i < this.net.trunk.length; i++) {
      dense(this.net.trunk[i]!, x, this.buffers[i]!, true);
      x = this.buffers[i]!;
    }
    this.features = x;
  }

  /** The value head on the last trunk output, into `values`. */
  valueHead(): void {
    dense(this.net.value, this.features, this.values, false);
    const v = this.values;
    for (let j = 0; j < v.length; j++) v[j] = 1 / (1 + Math.exp(-v[j]!));
  }

  /** The policy logits of the actions `indices[0..n)` only, into `logits` at those indices. */
  logitsAt(indices: ArrayLike<number>, n: number): void {
    const { inputs, outputs, kernel, bias } = this.net.policy;
    const x = this.features;
    for (let k = 0; k < n; k++) {
      const j = indices[k]!;
      // Rounded to float32 at each step, in dense()'s order: bit for bit the full head's logit.
      let sum = bias[j]!;
      for (let i = 0; i < inputs; i++) {
        const xi = x[i]!;
        if (xi !== 0) sum = Math.fround(sum + xi * kernel[i * outputs + j]!);
      }
      this.logits[j] = sum;
    }
  }

  /** The whole network: every logit and the values. */
  run(input: Float32Array): void {
    this.trunk(input);
    dense(this.net.policy, this.features, this.logits, false);
    this.valueHead();
  }
}

/**
 * Softmax of `logits` at `indices` (the legal actions' indices), with temperature `t`
 * (1: the policy as trained), written to `out[0..indices.length)`.
 */
export function maskedSoftmax(logits: Float32Array, indices: ArrayLike<number>, out: Float64Array | number[], t = 1): void {
  let max = -Infinity;
  for (let i = 0; i < indices.length; i++) max = Math.max(max, logits[indices[i]!]!);
  let total = 0;
  for (let i = 0; i < indices.length; i++) {
    const e = Math.exp((logits[indices[i]!]! - max) / t);
    out[i] = e;
    total += e;
  }
  for (let i = 0; i < indices.length; i++) out[i] = out[i]! / total;
}
