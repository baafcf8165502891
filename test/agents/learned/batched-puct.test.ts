/**
 * Batched network evaluation: shipped models load without subnormal weights (which made
 * tfjs's wasm matmul many times slower) and with the same legal priors and values as the
 * file holds; the leaf-batched PUCT search (virtual loss) is reproducible from its seed,
 * backs every descent up, and refuses what it cannot do rather than change its moves.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../../agents/learned/model-files.js';
import { netFromArrays, weightNames, type NetWeights } from '../../../agents/learned/network.js';
import { NetEvaluator } from '../../../agents/learned/evaluator.js';
import { BatchedPuctAgent } from '../../../agents/learned/batched-puct.js';
import { Rng } from '../../../src/core/rng.js';
import { randomPlayout, type AnyGame } from '../../../src/core/game.js';
import { initTf, tfStarted } from '../../../src/core/tf.js';
import { getGame } from '../../../src/games/index.js';

const MIN_NORMAL = 1.1754943508222875e-38;

/** The weights exactly as weights.bin holds them (no flushing), in weightNames order. */
function rawNet(dir: string, net: NetWeights): NetWeights {
  const json = JSON.parse(fs.readFileSync(path.join(dir, 'model.json'), 'utf8')) as { weightsManifest: { weights: { name: string; shape: number[] }[] }[] };
  const bytes = fs.readFileSync(path.join(dir, 'weights.bin'));
  const all = new Float32Array(new Uint8Array(bytes).buffer);
  const byName = new Map<string, Float32Array>();
  let at = 0;
  for (const w of json.weightsManifest[0]!.weights) {
    const size = w.shape.reduce((a, b) => a * b, 1);
    byName.set(w.name, all.subarray(at, at + size));
    at += size;
  }
  return netFromArrays(net.shape, weightNames(net.shape).map((n) => byName.get(n)!));
}

function subnormals(net: NetWeights): number {
  let n = 0;
  for (const l of [...net.trunk, net.policy, net.value]) for (const a of [l.kernel, l.bias]) for (const w of a) if (w !== 0 && Math.abs(w) < MIN_NORMAL) n++;
  return n;
}

function decisionStates(game: AnyGame, options: object, count: number, seed: number) {
  const rng = new Rng(seed);
  const out: { s: unknown; p: number; legal: readonly unknown[] }[] = [];
  while (out.length < count) {
    const s = randomPlayout(game, game.setup(options, rng.u32() | 0), rng, rng.int(30)).state;
    const movers = game.toMove(s);
    if (movers.length !== 1) continue;
    const legal = game.legalActions(s, movers[0]!);
    if (legal.length >= 2) out.push({ s, p: movers[0]!, legal });
  }
  return out;
}

describe('subnormal weights are flushed at load', () => {
  // Gladiator-duel's and Ophidian's shipped models hold thousands (L2 decay of never-used weights).
  for (const [id, count] of [['gladiator-duel', 200], ['ophidian', 40]] as const) {
    it(`the shipped ${id} model: none left, legal priors and values bit for bit the file's`, () => {
      const game = getGame(id);
      const model = loadModel(`models/${id}`, game, 'test');
      const raw = rawNet(`models/${id}`, model.net);
      expect(subnormals(raw)).toBeGreaterThan(1000);
      expect(subnormals(model.net)).toBe(0);
      const flushed = new NetEvaluator(game, model.net);
      const asFiled = new NetEvaluator(game, raw);
      const options = game.optionsSchema.parse(model.manifest.options) as object;
      for (const { s, p, legal } of decisionStates(game, options, count, 3)) {
        flushed.evaluate(s, p, legal);
        asFiled.evaluate(s, p, legal);
        expect(Array.from(flushed.priors.subarray(0, legal.length))).toEqual(Array.from(asFiled.priors.subarray(0, legal.length)));
        expect(Array.from(flushed.values)).toEqual(Array.from(asFiled.values));
      }
    });
  }
});

describe('batched PUCT (leaf-parallel, virtual loss)', () => {
  const game = getGame('gladiator-duel');
  const net = loadModel('models/gladiator-duel', game, 'test').net;
  const options = game.optionsSchema.parse({});
  const states = decisionStates(game, options, 6, 11);
  const ctx = (i: number) => ({ game, options, obs: game.observe(states[i]!.s, states[i]!.p), player: states[i]!.p, legal: states[i]!.legal });

  it('refuses to play before tfjs has started (a fall-back backend would change its moves)', () => {
    expect(tfStarted()).toBeUndefined();
    const agent = new BatchedPuctAgent('b', new Rng(1), net, { iterations: 20, batch: 4, c: 1 });
    expect(() => agent.act(ctx(0))).toThrow(/tfjs is not started in this thread; await initTf\(\)/);
  });

  it('the same seed gives the same tree and moves; every descent is backed up, no virtual loss left', async () => {
    await initTf();
    for (let i = 0; i < states.length; i++) {
      const a = new BatchedPuctAgent('b', new Rng(40 + i), net, { iterations: 64, batch: 16, c: 1 });
      const b = new BatchedPuctAgent('b', new Rng(40 + i), net, { iterations: 64, batch: 16, c: 1 });
      const ta = a.search(ctx(i));
      const tb = b.search(ctx(i));
      expect(ta.visits).toBe(64);
      expect(ta.virtual).toBe(0);
      const visits = (t: typeof ta) => [...(t.children ?? new Map()).entries()].map(([k, c]) => [k, c.visits, c.virtual, Array.from(c.sums)]);
      expect(visits(tb)).toEqual(visits(ta));
      for (const [, , virtual] of visits(ta)) expect(virtual).toBe(0);
      // Rows go to the net in rounds: 64 descents of 16 are 4 calls, plus the root's.
      expect(a.calls).toBe(5);
      expect(a.rows).toBeLessThanOrEqual(1 + 64);
    }
  });

  it('refuses a game where players move at once, naming the search that handles it', async () => {
    await initTf();
    const rumble = getGame('rumble');
    const model = loadModel('models/rumble', rumble, 'test');
    const ropts = rumble.optionsSchema.parse(model.manifest.options);
    const rng = new Rng(2);
    let s = rumble.setup(ropts, 5);
    while (rumble.toMove(s).length < 2) s = randomPlayout(rumble, s, rng, 1).state;
    const p = rumble.toMove(s)[0]!;
    const agent = new BatchedPuctAgent('b', new Rng(1), model.net, { iterations: 8, batch: 4, c: 1 });
    expect(() => agent.act({ game: rumble, options: ropts, obs: rumble.observe(s, p), player: p, legal: rumble.legalActions(s, p) })).toThrow(/players move at once.*mcts:prior=net,sm=puct/);
  });
});
