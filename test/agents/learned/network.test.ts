/**
 * The learned agents' network: the hand-written forward pass computes what tfjs computes,
 * model folders round-trip, and a model for another game, encoder or option set is
 * refused with one line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAgentSpec, createAgent } from '../../../agents/index.js';
import { loadModel } from '../../../agents/learned/model-files.js';
import { NetRunner, maskedSoftmax } from '../../../agents/learned/network.js';
import { gamma } from '../../../agents/learned/dirichlet.js';
import { UserError } from '../../../src/core/errors.js';
import { Rng } from '../../../src/core/rng.js';
import { initTf } from '../../../src/core/tf.js';
import { gladiatorDuel } from '../../../src/games/gladiator-duel/index.js';
import { darkHero } from '../../../src/games/dark-hero/index.js';
import { buildTfModel, importWeights } from '../../../src/sim/train/tf-model.js';
import { randomModel } from './helpers.js';

describe('network forward pass', () => {
  it('matches tfjs predict on real observations (policy logits and sigmoid values)', async () => {
    const { tf } = await initTf();
    const { dir, arrays, shape } = await randomModel(gladiatorDuel, [16, 8], 3);
    const model = buildTfModel(tf, shape, 99);
    importWeights(tf, model, shape, arrays);
    const runner = new NetRunner(loadModel(dir, gladiatorDuel, 'test').net);
    const options = gladiatorDuel.optionsSchema.parse({});
    let state = gladiatorDuel.setup(options, 5);
    const rng = new Rng(1);
    const x = new Float32Array(shape.inputs);
    for (let step = 0; step < 12 && !gladiatorDuel.isTerminal(state); step++) {
      const p = gladiatorDuel.toMove(state)[0]!;
      gladiatorDuel.encoder!.encode(gladiatorDuel.observe(state, p), p, x);
      runner.run(x);
      const [logits, values] = model.predict(tf.tensor2d(x, [1, shape.inputs])) as import('@tensorflow/tfjs').Tensor[];
      const want = logits!.dataSync();
      const wantV = values!.dataSync();
      for (let a = 0; a < shape.actions; a++) expect(runner.logits[a]).toBeCloseTo(want[a]!, 4);
      for (let k = 0; k < 2; k++) expect(runner.values[k]).toBeCloseTo(wantV[k]!, 5);
      const legal = gladiatorDuel.legalActions(state, p);
      // The search's path: the trunk, then only the legal actions' logits — the same bits.
      const full = Float32Array.from(runner.logits);
      runner.logits.fill(NaN);
      runner.trunk(x);
      runner.logitsAt(legal, legal.length);
      for (const a of legal) expect(runner.logits[a]).toBe(full[a]);
      state = gladiatorDuel.apply(state, [legal[rng.int(legal.length)]]);
    }
    model.dispose();
  });

  it('masked softmax puts all mass on the legal indices and sharpens with low temperature', () => {
    const logits = Float32Array.from([1, 5, 2, 0]);
    const out = [0, 0];
    maskedSoftmax(logits, [0, 2], out);
    expect(out[0]! + out[1]!).toBeCloseTo(1, 12);
    expect(out[1]).toBeCloseTo(Math.exp(2) / (Math.exp(1) + Math.exp(2)), 12);
    maskedSoftmax(logits, [0, 2], out, 0.05);
    expect(out[1]).toBeGreaterThan(0.999);
  });

  it('gamma draws have the right mean (Dirichlet noise)', () => {
    const rng = new Rng(11);
    for (const shape of [0.3, 2.5]) {
      let s = 0;
      for (let i = 0; i < 4000; i++) s += gamma(rng, shape);
      expect(s / 4000).toBeGreaterThan(shape * 0.9);
      expect(s / 4000).toBeLessThan(shape * 1.1);
    }
  });
});

describe('model folders', () => {
  it('are tfjs files: model.json lists the weights weights.bin holds', async () => {
    const { dir } = await randomModel(gladiatorDuel, [8]);
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'model.json'), 'utf8'));
    expect(json.format).toBe('layers-model');
    expect(json.weightsManifest[0].weights.map((w: { name: string }) => w.name)).toEqual(['hidden1/kernel', 'hidden1/bias', 'policy/kernel', 'policy/bias', 'value/kernel', 'value/bias']);
    const floats = fs.statSync(path.join(dir, 'weights.bin')).size / 4;
    expect(floats).toBe(gladiatorDuel.encoder!.observationSize * 8 + 8 + 8 * 12 + 12 + 8 * 2 + 2);
  });

  it('refuse another game, another encoder version and other options, in one line', async () => {
    const { dir } = await randomModel(gladiatorDuel, [8]);
    const oneLine = (f: () => void, pattern: RegExp) => {
      let err: unknown;
      try {
        f();
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(UserError);
      expect((err as Error).message).toMatch(pattern);
      expect((err as Error).message).not.toContain('\n');
    };
    oneLine(() => checkAgentSpec(`net:model=${dir}`, darkHero), /trained for game gladiator-duel, not dark-hero/);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ ...manifest, encoder: { ...manifest.encoder, version: 0 } }));
    oneLine(() => checkAgentSpec(`mcts:prior=net:model=${dir}`, gladiatorDuel), new RegExp(`encoder version 0, the game's encoder has ${gladiatorDuel.encoder!.version}`));
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    const other = gladiatorDuel.optionsSchema.parse({ turnCap: 20 });
    oneLine(() => checkAgentSpec(`net:model=${dir}`, gladiatorDuel, other), /was trained with options .*turnCap":60.* this match uses .*turnCap":20/);
    checkAgentSpec(`net:model=${dir}`, gladiatorDuel, gladiatorDuel.optionsSchema.parse({}));
    // transfer=1 plays under other options of the same game and encoder (skill sensitivity), by explicit request only.
    checkAgentSpec(`net:model=${dir},transfer=1`, gladiatorDuel, other);
    checkAgentSpec(`mcts:prior=net:model=${dir},transfer=1`, gladiatorDuel, other);
    oneLine(() => checkAgentSpec(`mcts:prior=net:model=${dir},transfer=2`, gladiatorDuel, other), /transfer/);
    oneLine(() => checkAgentSpec('mcts:prior=heuristic,transfer=1', gladiatorDuel), /transfer only with prior=net/);
    oneLine(() => checkAgentSpec('net:model=/no/such/model', gladiatorDuel), /manifest.json is missing/);
  });

  it('spec errors name the field: prior=net needs a model, and takes no rollout', async () => {
    expect(() => checkAgentSpec('mcts:prior=net', gladiatorDuel)).toThrow(/prior=net needs a model/);
    expect(() => checkAgentSpec('mcts:prior=net:model=x,depth=3', gladiatorDuel)).toThrow(/depth does not apply/);
    expect(() => checkAgentSpec('mcts:model=x', gladiatorDuel)).toThrow(/model only with prior=net/);
    expect(() => checkAgentSpec('net', gladiatorDuel)).toThrow(/model/);
  });
});

describe('learned agents play', () => {
  it('net and mcts:prior=net choose legal moves through a whole game', async () => {
    const { dir } = await randomModel(gladiatorDuel, [16]);
    const options = gladiatorDuel.optionsSchema.parse({});
    for (const spec of [`net:model=${dir}`, `net:model=${dir},temperature=1`, `mcts:prior=net:model=${dir},iterations=20`]) {
      const agents = [createAgent(spec, gladiatorDuel, new Rng(1)), createAgent(spec, gladiatorDuel, new Rng(2))];
      let state = gladiatorDuel.setup(options, 3);
      let steps = 0;
      while (!gladiatorDuel.isTerminal(state) && steps++ < 2000) {
        const p = gladiatorDuel.toMove(state)[0]!;
        const legal = gladiatorDuel.legalActions(state, p);
        const a = agents[p]!.act({ game: gladiatorDuel, options, obs: gladiatorDuel.observe(state, p), player: p, legal }) as number;
        expect(legal).toContain(a);
        state = gladiatorDuel.apply(state, [a]);
      }
      expect(gladiatorDuel.isTerminal(state)).toBe(true);
    }
  });
});

describe('PUCT (mcts:prior=net)', () => {
  it('spends its visits where the policy head puts its prior', async () => {
    const options = gladiatorDuel.optionsSchema.parse({});
    const state = gladiatorDuel.setup(options, 4);
    const p = gladiatorDuel.toMove(state)[0]!;
    const legal = gladiatorDuel.legalActions(state, p) as number[];
    expect(legal.length).toBeGreaterThan(2);
    for (const favoured of [legal[0]!, legal[legal.length - 1]!]) {
      // Policy: all weight on `favoured`; value: a constant 0.5 for every seat.
      const { dir } = await randomModel(gladiatorDuel, [8], 1, (arrays) => {
        arrays[2]!.fill(0);
        arrays[3]!.fill(0);
        arrays[3]![favoured] = 12;
        arrays[4]!.fill(0);
        arrays[5]!.fill(0);
      });
      const agent = createAgent(`mcts:prior=net:model=${dir},iterations=200`, gladiatorDuel, new Rng(3)) as import('../../../agents/mcts/search.js').MctsAgent;
      const { actions } = agent.analyse({ game: gladiatorDuel, options, obs: state, player: p, legal });
      const visits = actions.find((a) => a.action === favoured)!.visits;
      expect(visits / actions.reduce((n, a) => n + a.visits, 0)).toBeGreaterThan(0.8);
    }
  });
});

describe('run keys', () => {
  it('a retrained model at the same path is a different run', async () => {
    const { runMeta } = await import('../../../src/sim/run-key.js');
    const { dir } = await randomModel(gladiatorDuel, [4], 1);
    const config = { gameId: 'gladiator-duel', options: {}, agents: [`mcts:prior=net:model=${dir},iterations=5`, 'random'], games: 2, seed: 1 };
    const before = runMeta(config).content[`model:${dir}`];
    expect(before?.sha256).toMatch(/^[0-9a-f]{16}$/);
    const bytes = fs.readFileSync(path.join(dir, 'weights.bin'));
    bytes[0] = bytes[0]! ^ 1;
    fs.writeFileSync(path.join(dir, 'weights.bin'), bytes);
    expect(runMeta(config).content[`model:${dir}`]!.sha256).not.toBe(before!.sha256);
  });
});

describe('no peeking (Dark Hero: hidden cards, dice)', () => {
  it('learned agents decide the same in two truths their player cannot tell apart', async () => {
    // A random 4-seat network for Dark Hero's default table.
    const options = darkHero.optionsSchema.parse({});
    const { dir: dir4 } = await (async () => {
      const { initTf } = await import('../../../src/core/tf.js');
      const { buildTfModel, exportWeights, topologyOf } = await import('../../../src/sim/train/tf-model.js');
      const { writeModel } = await import('../../../agents/learned/model-files.js');
      const { manifestOf, shapeOf, tempDir } = await import('./helpers.js');
      const { tf } = await initTf();
      const shape = shapeOf(darkHero, [4], darkHero.numPlayers(options));
      const model = buildTfModel(tf, shape, 5);
      const out = tempDir('crucible-dh-');
      writeModel(out, manifestOf(darkHero, shape), topologyOf(model), exportWeights(model, shape));
      model.dispose();
      return { dir: out };
    })();
    let state = darkHero.setup(options, 21);
    const rng = new Rng(4);
    let checked = 0;
    for (let step = 0; step < 60 && !darkHero.isTerminal(state); step++) {
      const movers = darkHero.toMove(state);
      const joint = movers.map((p) => {
        const legal = darkHero.legalActions(state, p);
        const obs = darkHero.observe(state, p);
        if (legal.length > 1 && step % 6 === 0) {
          const other = darkHero.determinize(obs, p, new Rng(1000 + step));
          const otherObs = darkHero.observe(other, p);
          for (const spec of [`net:model=${dir4},temperature=1`, `mcts:prior=net:model=${dir4},iterations=15`]) {
            const decide = (o: unknown) => darkHero.actionKey(createAgent(spec, darkHero, new Rng(step)).act({ game: darkHero, options, obs: o, player: p, legal }) as number);
            expect(decide(otherObs)).toEqual(decide(obs));
          }
          checked++;
        }
        return legal[rng.int(legal.length)];
      });
      state = darkHero.apply(state, joint);
    }
    expect(checked).toBeGreaterThan(2);
  });
});
