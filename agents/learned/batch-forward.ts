/**
 * The network's trunk and value head on many rows at once, through tfjs (the backend
 * `initTf()` chose: wasm here, native libtensorflow where installed).
 *
 * Why: the hand-written pass (network.ts) costs one row's worth of scalar JS each call;
 * tfjs's wasm matmul (XNNPACK, SIMD) pays a fixed ~100 µs a call but a few µs a row, so
 * it wins once a caller has a dozen or more rows to score together (bench/learned.bench.ts
 * prints both per shipped model). Only the trunk's output and the value head come back:
 * the policy logits of the few legal actions are dot products a caller takes in JS
 * (`logitsFrom`), since a full policy head (Ophidian: 3,763 actions) would cost more
 * than the rest of the network.
 *
 * Results are float32 like the hand-written pass but summed in another order, so they
 * may differ from it in the last bits; the same rows on the same backend give the same
 * numbers, so a search whose batches are fixed by its seed stays reproducible.
 */
import type { Tensor2D, Tensor1D } from '@tensorflow/tfjs';
import type { TfRuntime } from '../../src/core/tf.js';
import type { NetWeights } from './network.js';

export class BatchForward {
  private readonly layers: { kernel: Tensor2D; bias: Tensor1D }[];
  private readonly value: { kernel: Tensor2D; bias: Tensor1D };
  /** Width of the trunk's last layer (the features the policy head reads). */
  readonly width: number;

  constructor(
    readonly runtime: TfRuntime,
    readonly net: NetWeights,
  ) {
    const tf = runtime.tf;
    this.layers = net.trunk.map((l) => ({ kernel: tf.tensor2d(l.kernel, [l.inputs, l.outputs]), bias: tf.tensor1d(l.bias) }));
    this.value = { kernel: tf.tensor2d(net.value.kernel, [net.value.inputs, net.value.outputs]), bias: tf.tensor1d(net.value.bias) };
    this.width = net.trunk.length > 0 ? net.trunk[net.trunk.length - 1]!.outputs : net.shape.inputs;
  }

  /**
   * Runs `rows` observations (`inputs[rows × shape.inputs]`, row-major): fills
   * `features[rows × width]` (the trunk's output) and `values[rows × players]` (the value
   * head's seat-relative returns in [0, 1]).
   */
  run(inputs: Float32Array, rows: number, features: Float32Array, values: Float32Array): void {
    const tf = this.runtime.tf;
    const { shape } = this.net;
    const [f, v] = tf.tidy(() => {
      let x: Tensor2D = tf.tensor2d(inputs.subarray(0, rows * shape.inputs), [rows, shape.inputs]);
      for (const l of this.layers) x = tf.relu(tf.add(tf.matMul(x, l.kernel), l.bias)) as Tensor2D;
      return [x, tf.sigmoid(tf.add(tf.matMul(x, this.value.kernel), this.value.bias))] as const;
    });
    features.set(f.dataSync() as Float32Array);
    values.set(v.dataSync() as Float32Array);
    tf.dispose([f, v]);
  }

  /** Frees the weight tensors. */
  dispose(): void {
    this.runtime.tf.dispose([...this.layers.flatMap((l) => [l.kernel, l.bias]), this.value.kernel, this.value.bias]);
  }
}

const shared = new WeakMap<NetWeights, BatchForward>();

/**
 * The thread's BatchForward for `net` on `rt` (built once: its weight tensors live as long
 * as the net, so agents built game after game do not each upload a copy).
 */
export function batchForwardFor(rt: TfRuntime, net: NetWeights): BatchForward {
  let forward = shared.get(net);
  if (forward === undefined || forward.runtime !== rt) {
    forward = new BatchForward(rt, net);
    shared.set(net, forward);
  }
  return forward;
}

/**
 * The policy logit of action `index` from one row's trunk features (`features[at ..
 * at + width)`), summed in float32 in the hand-written pass's order.
 */
export function logitFrom(net: NetWeights, features: Float32Array, at: number, index: number): number {
  const { inputs, outputs, kernel, bias } = net.policy;
  let sum = bias[index]!;
  for (let i = 0; i < inputs; i++) {
    const xi = features[at + i]!;
    if (xi !== 0) sum = Math.fround(sum + xi * kernel[i * outputs + index]!);
  }
  return sum;
}
