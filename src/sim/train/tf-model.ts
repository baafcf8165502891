/**
 * The policy/value network in tfjs (the trainer's side of agents/learned/network.ts):
 * the same layers, by the same names, so the weights a fit produces are read back by
 * the hand-written forward pass without conversion.
 *
 * Training step (AlphaZero's loss): cross-entropy of the masked policy against the
 * search's visit distribution, plus the squared error of the value head against the
 * game's returns (seat-relative), plus L2 on the kernels. Weights start from a
 * Glorot-uniform draw seeded by the training seed, and batches are drawn with the
 * trainer's own stream (never tfjs's own unseeded shuffle), so the same seed on the
 * same backend gives the same weights.
 */
import type { LayersModel, Optimizer, Scalar, Tensor } from '@tensorflow/tfjs';
import type { Tf } from '../../core/tf.js';
import { weightNames, type NetShape } from '../../../agents/learned/network.js';

export function buildTfModel(tf: Tf, shape: NetShape, seed: number): LayersModel {
  const init = (k: number) => tf.initializers.glorotUniform({ seed: (seed + k * 7919) >>> 0 });
  const input = tf.input({ shape: [shape.inputs], name: 'observation' });
  let x: ReturnType<typeof tf.input> = input;
  shape.hidden.forEach((units, i) => {
    x = tf.layers.dense({ units, activation: 'relu', name: `hidden${i + 1}`, kernelInitializer: init(i), biasInitializer: 'zeros' }).apply(x) as typeof x;
  });
  const policy = tf.layers.dense({ units: shape.actions, name: 'policy', kernelInitializer: init(100), biasInitializer: 'zeros' }).apply(x) as typeof x;
  const value = tf.layers.dense({ units: shape.players, activation: 'sigmoid', name: 'value', kernelInitializer: init(200), biasInitializer: 'zeros' }).apply(x) as typeof x;
  return tf.model({ inputs: input, outputs: [policy, value], name: 'crucible_policy_value' });
}

/** The weights in `weightNames` order, as plain arrays (copies). */
export function exportWeights(model: LayersModel, shape: NetShape): Float32Array[] {
  const byName = new Map<string, Float32Array>();
  for (const layer of model.layers) {
    for (const w of layer.weights) byName.set(w.originalName, w.read().dataSync() as Float32Array);
  }
  return weightNames(shape).map((name) => {
    const a = byName.get(name);
    if (!a) throw new Error(`tf model: no weight ${name}`);
    return Float32Array.from(a);
  });
}

/** Sets the weights from arrays in `weightNames` order. */
export function importWeights(tf: Tf, model: LayersModel, shape: NetShape, arrays: readonly Float32Array[]): void {
  const names = weightNames(shape);
  const byName = new Map(names.map((n, i) => [n, arrays[i]!] as const));
  for (const layer of model.layers) {
    if (layer.weights.length === 0) continue;
    layer.setWeights(layer.weights.map((w) => tf.tensor(byName.get(w.originalName)!, w.shape as number[])));
  }
}

/** The model's Keras-style topology JSON (model.json's modelTopology). */
export function topologyOf(model: LayersModel): unknown {
  return model.toJSON(undefined, false);
}

export interface Batch {
  readonly size: number;
  readonly obs: Float32Array;
  readonly mask: Float32Array;
  readonly pi: Float32Array;
  readonly z: Float32Array;
}

export interface StepLosses {
  readonly policy: number;
  readonly value: number;
  /** Mean entropy (nats) of the net's masked policy on the batch. */
  readonly entropy: number;
}

/** One gradient step on `batch`; returns its losses. */
export function trainStep(tf: Tf, model: LayersModel, optimizer: Optimizer, shape: NetShape, batch: Batch, l2: number): StepLosses {
  return tf.tidy(() => {
    const x = tf.tensor2d(batch.obs, [batch.size, shape.inputs]);
    const mask = tf.tensor2d(batch.mask, [batch.size, shape.actions]);
    const pi = tf.tensor2d(batch.pi, [batch.size, shape.actions]);
    const z = tf.tensor2d(batch.z, [batch.size, shape.players]);
    // Illegal actions get a large negative logit: they carry no probability and no gradient.
    const penalty = tf.mul(tf.sub(1, mask), -1e4);
    let policyLoss: Tensor = tf.scalar(0);
    let valueLoss: Tensor = tf.scalar(0);
    let entropy: Tensor = tf.scalar(0);
    const kernels = model.layers.filter((l) => l.weights.length > 0).map((l) => l.weights[0]!.read());
    optimizer.minimize(() => {
      const [logits, value] = model.apply(x, { training: true }) as Tensor[];
      const logp = tf.logSoftmax(tf.add(logits!, penalty));
      // Kept past minimize's own clean-up, to be read below (tidy disposes them after).
      policyLoss = tf.keep(tf.neg(tf.mean(tf.sum(tf.mul(pi, logp), 1))));
      valueLoss = tf.keep(tf.mean(tf.sum(tf.square(tf.sub(value!, z)), 1)));
      entropy = tf.keep(tf.neg(tf.mean(tf.sum(tf.mul(tf.mul(tf.exp(logp), mask), logp), 1))));
      const decay = tf.mul(l2, tf.addN(kernels.map((k) => tf.sum(tf.square(k)))));
      return tf.add(tf.add(policyLoss, valueLoss), decay) as Scalar;
    });
    return { policy: policyLoss.dataSync()[0]!, value: valueLoss.dataSync()[0]!, entropy: entropy.dataSync()[0]! };
  });
}
