/** Test helpers: small model folders with seeded random (or hand-set) weights. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AnyGame } from '../../../src/core/game.js';
import { initTf } from '../../../src/core/tf.js';
import { parseWith } from '../../../src/core/validate.js';
import { buildTfModel, exportWeights, topologyOf } from '../../../src/sim/train/tf-model.js';
import { parameterCount, type NetShape } from '../../../agents/learned/network.js';
import { writeModel, type ModelManifest } from '../../../agents/learned/model-files.js';

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function shapeOf(game: AnyGame, hidden: number[], players = 2): NetShape {
  return { inputs: game.encoder!.observationSize, hidden, actions: game.encoder!.actionCount, players };
}

export function manifestOf(game: AnyGame, shape: NetShape, options: Record<string, unknown> = {}): ModelManifest {
  const enc = game.encoder!;
  return {
    format: 'crucible-model',
    formatVersion: 1,
    game: game.id,
    options: parseWith('options', game.optionsSchema, options),
    players: shape.players,
    encoder: { version: enc.version, observationSize: enc.observationSize, actionCount: enc.actionCount },
    network: { hidden: shape.hidden, parameters: parameterCount(shape) },
    training: { command: 'test', seed: 'test', generations: 0, selfPlayGames: 0, backend: 'test', minutes: 0, method: 'test' },
    strength: [],
  };
}

/**
 * Writes a model folder for `game` with seeded Glorot weights; `edit` may change the
 * arrays (weightNames order) before they are written. Returns the folder and arrays.
 */
export async function randomModel(game: AnyGame, hidden: number[], seed = 7, edit?: (arrays: Float32Array[]) => void, players = 2): Promise<{ dir: string; arrays: Float32Array[]; shape: NetShape }> {
  const { tf } = await initTf();
  const shape = shapeOf(game, hidden, players);
  const model = buildTfModel(tf, shape, seed);
  const arrays = exportWeights(model, shape);
  edit?.(arrays);
  const dir = tempDir('crucible-model-');
  writeModel(dir, manifestOf(game, shape), topologyOf(model), arrays);
  model.dispose();
  return { dir, arrays, shape };
}
