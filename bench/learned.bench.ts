/**
 * Learned agents on gladiator-duel: what one network evaluation costs (the hand-written
 * forward pass against tfjs predict on one row and on a batch of 64, on the backend
 * tfjs chose), and MCTS iterations per second with the network (PUCT) against plain and
 * tuned MCTS. Uses the shipped model (models/gladiator-duel); then the other games' shipped
 * models against their tuned searches.
 */
import fs from 'node:fs';
import type { Tensor } from '@tensorflow/tfjs';
import { getGame } from '../src/games/index.js';
import { initTf } from '../src/core/tf.js';
import { Rng } from '../src/core/rng.js';
import { randomPlayout } from '../src/core/game.js';
import { loadModel } from '../agents/learned/model-files.js';
import { NetRunner } from '../agents/learned/network.js';
import { buildTfModel, importWeights, trainStep, type Batch } from '../src/sim/train/tf-model.js';
import { TUNED_MCTS, createAgent } from '../agents/index.js';
import { BatchForward } from '../agents/learned/batch-forward.js';
import type { AnyGame } from '../src/core/game.js';
import { fmt, measureMcts, report } from './harness.js';

const MODEL = 'models/gladiator-duel';

function weightArrays(net: ReturnType<typeof loadModel>['net']): Float32Array[] {
  const out: Float32Array[] = [];
  for (const l of net.trunk) out.push(l.kernel, l.bias);
  out.push(net.policy.kernel, net.policy.bias, net.value.kernel, net.value.bias);
  return out;
}

export async function run(): Promise<void> {
  const game = getGame('gladiator-duel');
  if (!fs.existsSync(`${MODEL}/manifest.json`)) {
    process.stdout.write(`  (skipped: no model at ${MODEL}; train one with crucible train gladiator-duel)\n`);
    return;
  }
  const model = loadModel(MODEL, game, 'bench');
  const shape = model.net.shape;
  const options = game.optionsSchema.parse({});
  // 4096 observations from random play.
  const rng = new Rng(5);
  const n = 4096;
  const xs = new Float32Array(n * shape.inputs);
  for (let i = 0; i < n; i++) {
    const s = randomPlayout(game, game.setup(options, rng.u32() | 0), rng, rng.int(40)).state;
    const p = game.toMove(s)[0] ?? 0;
    game.encoder!.encode(game.observe(s, p), p, xs.subarray(i * shape.inputs, (i + 1) * shape.inputs));
  }
  const runner = new NetRunner(model.net);
  const time = (f: () => void, reps: number) => {
    f();
    const t = performance.now();
    for (let r = 0; r < reps; r++) f();
    return (performance.now() - t) / reps;
  };
  const handMs = time(() => {
    for (let i = 0; i < n; i++) runner.run(xs.subarray(i * shape.inputs, (i + 1) * shape.inputs));
  }, 10);
  report('hand-written forward pass, one state', `${fmt((handMs * 1000) / n, 2)} µs/state`);

  const rt = await initTf();
  const tfModel = buildTfModel(rt.tf, shape, 1);
  importWeights(rt.tf, tfModel, shape, weightArrays(model.net));
  const single = 256;
  const oneMs = time(() => {
    for (let i = 0; i < single; i++) {
      const out = tfModel.predict(rt.tf.tensor2d(xs.subarray(i * shape.inputs, (i + 1) * shape.inputs), [1, shape.inputs])) as Tensor[];
      out[0]!.dataSync();
      out[1]!.dataSync();
      rt.tf.dispose(out);
    }
  }, 3);
  report(`tfjs predict, one row (${rt.backend})`, `${fmt((oneMs * 1000) / single, 1)} µs/state`);
  const batchMs = time(() => {
    for (let i = 0; i + 64 <= n; i += 64) {
      const x = rt.tf.tensor2d(xs.subarray(i * shape.inputs, (i + 64) * shape.inputs), [64, shape.inputs]);
      const out = tfModel.predict(x) as Tensor[];
      out[0]!.dataSync();
      out[1]!.dataSync();
      rt.tf.dispose([x, ...out]);
    }
  }, 5);
  report(`tfjs predict, batches of 64 (${rt.backend})`, `${fmt((batchMs * 1000) / n, 2)} µs/state`);
  tfModel.dispose();

  const tuned = Object.entries(TUNED_MCTS['gladiator-duel']!)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  for (const [label, spec] of [
    ['MCTS, random rollouts', 'mcts:iterations=300'],
    ['MCTS, tuned (evaluate, turns=0, heuristic prior)', `mcts:${tuned}`],
    ['MCTS with the net (PUCT, value-head leaves)', `mcts:prior=net:model=${MODEL},iterations=300`],
  ] as const) {
    const m = measureMcts(game, {}, spec, { seconds: 3 });
    report(label, `${fmt(m.iterationsPerSec)} it/s`);
  }
  superheroGladiators();
  ophidian();
  rumble();
  await batched();
  await training();
}

/**
 * Training speed (issue #30): gradient steps of Ophidian's network (the largest shipped
 * encoder), minibatch 64, Adam as `crucible train` uses it, on the backend tfjs chose —
 * samples per CPU-second from a fresh (Glorot) start and from the shipped weights (loaded,
 * so subnormals flushed). Observations from random play; targets synthetic (uniform policy
 * over all actions, zero value): a step's cost is its dense matmuls, which do not depend on
 * the targets' values.
 */
export async function training(steps = 20): Promise<void> {
  const dir = 'models/ophidian';
  if (!fs.existsSync(`${dir}/manifest.json`)) {
    process.stdout.write(`  (skipped: no model at ${dir})\n`);
    return;
  }
  const rt = await initTf();
  const game = getGame('ophidian');
  const model = loadModel(dir, game, 'bench');
  const shape = model.net.shape;
  const size = 64;
  const obs = new Float32Array(size * shape.inputs);
  for (const [i, d] of decisionStates(game, game.optionsSchema.parse({}), size, 11).entries()) {
    game.encoder!.encode(game.observe(d.s, d.p), d.p, obs.subarray(i * shape.inputs, (i + 1) * shape.inputs));
  }
  const batch: Batch = { size, obs, mask: new Float32Array(size * shape.actions).fill(1), pi: new Float32Array(size * shape.actions).fill(1 / shape.actions), z: new Float32Array(size * shape.players) };
  for (const [label, weights] of [['fresh (Glorot) start', null], ['shipped weights', weightArrays(model.net)]] as const) {
    const tfModel = buildTfModel(rt.tf, shape, 1);
    if (weights !== null) importWeights(rt.tf, tfModel, shape, weights);
    const optimizer = rt.tf.train.adam(1e-3);
    trainStep(rt.tf, tfModel, optimizer, shape, batch, 1e-4); // warm-up: kernels compiled, slots made
    const cpu = cpuSeconds(() => {
      for (let k = 0; k < steps; k++) trainStep(rt.tf, tfModel, optimizer, shape, batch, 1e-4);
    });
    report(`ophidian training, ${label} (${rt.backend}, batch ${size})`, `${fmt((steps * size) / cpu)} samples/CPU-s`);
    optimizer.dispose();
    tfModel.dispose();
  }
}

/** CPU seconds `f` takes (process time: what a loaded machine does not inflate as much as wall time). */
function cpuSeconds(f: () => void): number {
  const c = process.cpuUsage();
  f();
  const u = process.cpuUsage(c);
  return (u.user + u.system) / 1e6;
}

/** `count` decision states (one mover, two or more legal actions) from random play (also bench/batched-rows.ts). */
export function decisionStates(game: AnyGame, options: object, count: number, seed: number) {
  const rng = new Rng(seed);
  const out: { s: unknown; p: number; legal: readonly unknown[] }[] = [];
  while (out.length < count) {
    const full = randomPlayout(game, game.setup(options, rng.u32() | 0), rng);
    const s = randomPlayout(game, game.setup(options, rng.u32() | 0), rng, rng.int(Math.max(1, full.steps))).state;
    const movers = game.toMove(s);
    if (movers.length !== 1) continue;
    const legal = game.legalActions(s, movers[0]!);
    if (legal.length >= 2) out.push({ s, p: movers[0]!, legal });
  }
  return out;
}

/**
 * Batched network evaluation (issue #30), per game with a shipped model whose decisions
 * are one player's at a time: what a row costs one at a time (the hand-written pass) and
 * in a tfjs call of k rows (BatchForward), then decisions per CPU-second of the search
 * with the net — `mcts:prior=net` (one row a leaf) against `mcts:prior=net,batch=16` (the
 * leaf-batched PUCT, 16 leaves a call) — and of the policy-only net agent, on the same decision states.
 */
export async function batched(iterations = 100, states = 40): Promise<void> {
  const rt = await initTf();
  for (const id of ['gladiator-duel', 'superhero-gladiators', 'ophidian', 'dark-hero']) {
    const dir = `models/${id}`;
    if (!fs.existsSync(`${dir}/manifest.json`)) {
      process.stdout.write(`  (skipped: no model at ${dir})\n`);
      continue;
    }
    const game = getGame(id);
    const model = loadModel(dir, game, 'bench');
    const options = game.optionsSchema.parse(model.manifest.options) as object;
    const shape = model.net.shape;
    const decisions = decisionStates(game, options, states, 7);
    const rows = 256;
    const xs = new Float32Array(rows * shape.inputs);
    decisions.forEach((d, i) => game.encoder!.encode(game.observe(d.s, d.p), d.p, xs.subarray(i * shape.inputs, (i + 1) * shape.inputs)));
    for (let i = decisions.length; i < rows; i++) xs.copyWithin(i * shape.inputs, (i % decisions.length) * shape.inputs, ((i % decisions.length) + 1) * shape.inputs);
    const runner = new NetRunner(model.net);
    const idx = Int32Array.from({ length: 8 }, (_, k) => k);
    const one = () => {
      for (let i = 0; i < rows; i++) {
        runner.trunk(xs.subarray(i * shape.inputs, (i + 1) * shape.inputs));
        runner.valueHead();
        runner.logitsAt(idx, 8);
      }
    };
    one();
    const handUs = (cpuSeconds(() => { for (let r = 0; r < 4; r++) one(); }) * 1e6) / (4 * rows);
    const forward = new BatchForward(rt, model.net);
    const perRow: string[] = [];
    for (const k of [1, 16, 64]) {
      const features = new Float32Array(k * forward.width);
      const values = new Float32Array(k * shape.players);
      const pass = () => {
        for (let i = 0; i + k <= rows; i += k) forward.run(xs.subarray(i * shape.inputs), k, features, values);
      };
      pass();
      perRow.push(`${k}: ${fmt((cpuSeconds(() => { for (let r = 0; r < 4; r++) pass(); }) * 1e6) / (4 * rows), 1)}`);
    }
    forward.dispose();
    report(`${id}: a row, one at a time (hand-written)`, `${fmt(handUs, 1)} µs CPU`);
    report(`${id}: a row in a tfjs call of k rows (${rt.backend})`, `${perRow.join(', ')} µs CPU`);
    const decide = (make: (rng: Rng) => { act: (c: never) => unknown }) =>
      decisions.length /
      cpuSeconds(() => {
        decisions.forEach((d, i) => make(new Rng(100 + i)).act({ game, options, obs: game.observe(d.s, d.p), player: d.p, legal: d.legal } as never));
      });
    const spec = `mcts:prior=net:model=${dir},iterations=${iterations}`;
    const single = (rng: Rng) => createAgent(spec, game, rng);
    // The agent spec users run (`…,batch=16`: agents/learned/batched-spec.ts builds the leaf-batched PUCT).
    const batchedAgent = (rng: Rng) => createAgent(`${spec},batch=16`, game, rng);
    // One policy agent for every decision (it keeps nothing between them): building one per
    // decision, as the searches are, would time the spec parsing instead.
    const policyAgent = createAgent(`net:model=${dir}`, game, new Rng(1));
    const policy = () => policyAgent;
    // Warm both, then alternate twice (the machine is shared: compare within a pass).
    decide(single);
    decide(batchedAgent);
    for (let pass = 1; pass <= 2; pass++) {
      const a = decide(single);
      const b = decide(batchedAgent);
      report(`${id}: PUCT ${iterations} it, one row a leaf, pass ${pass}`, `${fmt(a, 1)} decisions/CPU-s`);
      report(`${id}: PUCT ${iterations} it, 16 leaves a call, pass ${pass}`, `${fmt(b, 1)} decisions/CPU-s (${fmt(b / a, 2)}x)`);
    }
    decide(policy);
    const policyRate = (50 * decisions.length) / cpuSeconds(() => { for (let r = 0; r < 50; r++) decide(policy); });
    report(`${id}: net agent (policy only, one row a decision)`, `${fmt(policyRate, 0)} decisions/CPU-s`);
  }
}

const RUM_MODEL = 'models/rumble';

/**
 * Rumble (4 heroes, the auction): the tuned search without and with the shipped net, twice
 * each alternating in one process (the machine is shared: compare within a pair). Decision
 * states are sampled by random play, so bids, awards, Allocations and Reveals all count.
 */
export function rumble(seconds = 3): void {
  const game = getGame('rumble');
  if (!fs.existsSync(`${RUM_MODEL}/manifest.json`)) {
    process.stdout.write(`  (skipped: no model at ${RUM_MODEL})\n`);
    return;
  }
  const options = loadModel(RUM_MODEL, game, 'bench').manifest.options as object;
  const tuned = 'iterations=400,plies=1,backup=paranoid,final=most';
  for (let pass = 1; pass <= 2; pass++) {
    for (const [label, spec] of [
      ['rumble: tuned MCTS, no net (evaluate leaves)', `mcts:${tuned},rollout=evaluate`],
      ['rumble: same, decoupled PUCT without a net (uniform prior, evaluate leaves)', `mcts:${tuned},rollout=evaluate,sm=puct`],
      ['rumble: same with the net (decoupled PUCT prior + value-head leaves)', `mcts:prior=net:model=${RUM_MODEL},${tuned},sm=puct`],
      ['rumble: same with the net as prior only (evaluate leaves)', `mcts:prior=net:model=${RUM_MODEL},${tuned},sm=puct,rollout=evaluate`],
    ] as const) {
      const m = measureMcts(game, options, spec, { seconds });
      report(`${label}, pass ${pass}`, `${fmt(m.iterationsPerSec)} it/s (median ${fmt(m.medianMsPerDecision, 1)} ms a decision)`);
    }
  }
}

const SHG_MODEL = 'models/superhero-gladiators';

/** Superhero Gladiators: MCTS iterations/s with the shipped net against the tuned spec, under the model's options. */
function superheroGladiators(): void {
  const game = getGame('superhero-gladiators');
  if (!fs.existsSync(`${SHG_MODEL}/manifest.json`)) {
    process.stdout.write(`  (skipped: no model at ${SHG_MODEL})\n`);
    return;
  }
  const options = loadModel(SHG_MODEL, game, 'bench').manifest.options as object;
  const tuned = Object.entries(TUNED_MCTS['superhero-gladiators']!)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  for (const [label, spec] of [
    ['superhero-gladiators: tuned MCTS (evaluate leaves, heuristic foe, 2 plies)', `mcts:${tuned}`],
    ['superhero-gladiators: same with the net (prior + value-head leaves)', `mcts:prior=net:model=${SHG_MODEL},${tuned.replace('rollout=evaluate,', '')}`],
    ['superhero-gladiators: same with the net as prior only (evaluate leaves)', `mcts:prior=net:model=${SHG_MODEL},${tuned}`],
    ['superhero-gladiators: plain PUCT with the net (both sides searched)', `mcts:prior=net:model=${SHG_MODEL},iterations=300`],
  ] as const) {
    const m = measureMcts(game, options, spec, { seconds: 3 });
    report(label, `${fmt(m.iterationsPerSec)} it/s`);
  }
}

const OPH_MODEL = 'models/ophidian';

/** Ophidian: MCTS iterations/s with the shipped net against the tuned spec and plain search, under the model's options. */
export function ophidian(seconds = 3): void {
  const game = getGame('ophidian');
  if (!fs.existsSync(`${OPH_MODEL}/manifest.json`)) {
    process.stdout.write(`  (skipped: no model at ${OPH_MODEL})\n`);
    return;
  }
  const options = loadModel(OPH_MODEL, game, 'bench').manifest.options as object;
  const tuned = Object.entries(TUNED_MCTS['ophidian']!)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  for (const [label, spec] of [
    ['ophidian: tuned MCTS (heuristic rollouts 10 deep, heuristic prior)', `mcts:${tuned}`],
    ['ophidian: same with the net as prior (heuristic rollouts)', `mcts:prior=net:model=${OPH_MODEL},${tuned.replace(/,?prior=heuristic|,?bias=\d+/g, '')}`],
    ['ophidian: MCTS, evaluate leaves, no prior', 'mcts:iterations=100,rollout=evaluate'],
    ['ophidian: PUCT with the net (value-head leaves)', `mcts:prior=net:model=${OPH_MODEL},iterations=100`],
  ] as const) {
    const m = measureMcts(game, options, spec, { seconds });
    report(label, `${fmt(m.iterationsPerSec)} it/s`);
  }
}
