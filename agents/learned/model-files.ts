/**
 * A saved model is a folder:
 *
 *   manifest.json   what the model is for and how it was made (ModelManifest below)
 *   model.json      the tfjs LayersModel file (`tf.loadLayersModel('file://…/model.json')`
 *                   loads it): topology plus a weights manifest
 *   weights.bin     float32 weights, in the order model.json lists them
 *
 * Loading checks the manifest against the game before any game is played: another game,
 * another encoder version or size, or (at match preparation) other rule options fail
 * with one line naming the model, the field, both values and what is allowed.
 *
 * Reading needs no tfjs: the weights manifest names, shapes and byte layout are plain
 * JSON, so workers and agents read the arrays directly.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AnyGame } from '../../src/core/game.js';
import { UserError, parseErrorText } from '../../src/core/errors.js';
import { flushSubnormals, netFromArrays, weightNames, weightShapes, type NetShape, type NetWeights } from './network.js';

export const MODEL_FORMAT = 'crucible-model';
export const MODEL_FORMAT_VERSION = 1;

/** One strength measurement recorded with a model. */
export interface StrengthRecord {
  /** The two agents (first is the one measured), as specs. */
  readonly agents: readonly [string, string];
  /** Win share of the first agent, its 95% interval, and the sample (paired games: pairs). */
  readonly share: number;
  readonly low: number;
  readonly high: number;
  readonly n: number;
  readonly unit: 'pairs' | 'games';
  readonly seed: string;
  /** What the share is, when it is not a paired two-agent win share. */
  readonly note?: string;
}

export interface ModelManifest {
  readonly format: typeof MODEL_FORMAT;
  readonly formatVersion: number;
  readonly game: string;
  /** Rule options as the game's schema parsed them (defaults filled). */
  readonly options: unknown;
  readonly players: number;
  readonly encoder: { readonly version: number; readonly observationSize: number; readonly actionCount: number };
  readonly network: { readonly hidden: readonly number[]; readonly parameters: number };
  readonly training: {
    /** The command that trained it (for shipped models: reproduce with it). */
    readonly command: string;
    readonly seed: string;
    readonly generations: number;
    readonly selfPlayGames: number;
    /** tfjs backend of the weight updates ('wasm', 'tensorflow', 'cpu'). */
    readonly backend: string;
    /** Wall-clock minutes the training took (informative only). */
    readonly minutes: number;
    readonly method: string;
  };
  /** Strength measured at the end of training (and later, by hand), newest last. */
  readonly strength: readonly StrengthRecord[];
}

export interface LoadedModel {
  readonly dir: string;
  readonly manifest: ModelManifest;
  readonly net: NetWeights;
}

interface WeightSpec {
  readonly name: string;
  readonly shape: readonly number[];
  readonly dtype: string;
}

interface ModelJson {
  readonly format?: string;
  readonly modelTopology?: unknown;
  readonly weightsManifest?: readonly { readonly paths: readonly string[]; readonly weights: readonly WeightSpec[] }[];
}

function readJson<T>(file: string, where: string): T {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new UserError(`${where}: ${file} is missing; allowed: a model folder written by \`crucible train\` (manifest.json, model.json, weights.bin)`);
  }
  try {
    return JSON.parse(text) as T;
  } catch (e) {
    throw new UserError(`${where}: ${file} is not valid JSON (${parseErrorText(e)}); allowed: a model folder written by \`crucible train\``);
  }
}

/** Sorted-key JSON, so option objects compare by content. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const cache = new Map<string, LoadedModel>();

/**
 * Reads a model folder (cached per resolved path and file times: one read per thread)
 * and checks it was made for `game` and its encoder.
 */
export function loadModel(dir: string, game: AnyGame, where: string): LoadedModel {
  const resolved = path.resolve(dir);
  let stamp = '';
  try {
    for (const file of ['manifest.json', 'model.json', 'weights.bin']) stamp += `${fs.statSync(path.join(resolved, file)).mtimeMs}/`;
  } catch {
    /* reported by the reads below */
  }
  const key = `${resolved}\u0000${stamp}`;
  let model = cache.get(key);
  if (!model) {
    model = readModel(resolved, where);
    cache.set(key, model);
  }
  // Messages name the folder as the user wrote it.
  const view = model.dir === dir ? model : { ...model, dir };
  checkModelFor(view, game, where);
  return view;
}

function readModel(dir: string, where: string): LoadedModel {
  const manifest = readJson<ModelManifest>(path.join(dir, 'manifest.json'), where);
  if (manifest.format !== MODEL_FORMAT) {
    throw new UserError(`${where}: ${path.join(dir, 'manifest.json')} has format ${JSON.stringify(manifest.format)}; allowed: "${MODEL_FORMAT}"`);
  }
  const modelJson = readJson<ModelJson>(path.join(dir, 'model.json'), where);
  const group = modelJson.weightsManifest?.[0];
  if (!group || group.paths.length !== 1) throw new UserError(`${where}: ${path.join(dir, 'model.json')} has no single-file weights manifest; allowed: a model written by \`crucible train\``);
  const shape: NetShape = {
    inputs: manifest.encoder.observationSize,
    hidden: manifest.network.hidden,
    actions: manifest.encoder.actionCount,
    players: manifest.players,
  };
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(path.join(dir, group.paths[0]!));
  } catch {
    throw new UserError(`${where}: ${path.join(dir, group.paths[0]!)} is missing; allowed: a model folder written by \`crucible train\``);
  }
  // Copy into an aligned buffer (a Buffer may sit at any offset of a shared pool).
  const all = new Float32Array(new Uint8Array(bytes).buffer);
  const byName = new Map<string, Float32Array>();
  let at = 0;
  for (const spec of group.weights) {
    if (spec.dtype !== 'float32') throw new UserError(`${where}: weight ${spec.name} has dtype ${spec.dtype}; allowed: float32`);
    const size = spec.shape.reduce((a, b) => a * b, 1);
    if (at + size > all.length) throw new UserError(`${where}: ${path.join(dir, group.paths[0]!)} is shorter than model.json says; allowed: the weights.bin written with it`);
    byName.set(spec.name, all.subarray(at, at + size));
    at += size;
  }
  const names = weightNames(shape);
  const shapes = weightShapes(shape);
  const arrays = names.map((name, i) => {
    const a = byName.get(name);
    if (!a) throw new UserError(`${where}: model.json has no weight ${name}; allowed: the layers the manifest's network shape implies (${names.join(', ')})`);
    const size = shapes[i]!.reduce((x, y) => x * y, 1);
    if (a.length !== size) throw new UserError(`${where}: weight ${name} has ${a.length} values; the manifest's network shape needs ${size}`);
    return a;
  });
  // (The arrays are this read's own copy: flushing them changes no file.)
  flushSubnormals(arrays);
  return { dir, manifest, net: netFromArrays(shape, arrays) };
}

/** Fails with one line when the model was made for another game or encoder. */
export function checkModelFor(model: LoadedModel, game: AnyGame, where: string): void {
  const m = model.manifest;
  if (m.game !== game.id) throw new UserError(`${where}: model ${model.dir} was trained for game ${m.game}, not ${game.id}; allowed: a model of ${game.id}`);
  const enc = game.encoder;
  if (!enc) throw new UserError(`${where}: game ${game.id} has no encoder, so no learned agent can play it; allowed: a game with an encoder`);
  const want = { version: enc.version, observationSize: enc.observationSize, actionCount: enc.actionCount };
  for (const field of ['version', 'observationSize', 'actionCount'] as const) {
    if (m.encoder[field] !== want[field]) {
      throw new UserError(
        `${where}: model ${model.dir} was trained on ${game.id} encoder ${field} ${m.encoder[field]}, the game's encoder has ${want[field]}; allowed: a model retrained with \`crucible train ${game.id}\``,
      );
    }
  }
}

/**
 * Fails with one line when the model was trained under other rule options. With `game`,
 * the manifest's options are read through the game's option schema first, so an option
 * added to the game after the model was trained counts at its default (the documented
 * reading of a model that predates it); any option set otherwise still refuses the model.
 */
export function checkModelOptions(model: LoadedModel, options: object, where: string, game?: AnyGame): void {
  const parsed = game?.optionsSchema.safeParse(model.manifest.options);
  const want = stableJson(parsed?.success ? parsed.data : model.manifest.options);
  const got = stableJson(options);
  if (want !== got) {
    throw new UserError(`${where}: model ${model.dir} was trained with options ${want}, this match uses ${got}; allowed: the model's options, or a model trained on these (crucible train --options)`);
  }
}

/**
 * Writes a model folder: manifest.json, model.json (tfjs LayersModel JSON: the given
 * topology and a weights manifest) and weights.bin. Writes to temporary names and
 * renames, so a killed process never leaves half a model.
 */
export function writeModel(dir: string, manifest: ModelManifest, topology: unknown, arrays: readonly Float32Array[]): void {
  fs.mkdirSync(dir, { recursive: true });
  const shape: NetShape = { inputs: manifest.encoder.observationSize, hidden: manifest.network.hidden, actions: manifest.encoder.actionCount, players: manifest.players };
  const names = weightNames(shape);
  const shapes = weightShapes(shape);
  netFromArrays(shape, arrays); // checks the sizes
  const total = arrays.reduce((n, a) => n + a.length, 0);
  const flat = new Float32Array(total);
  let at = 0;
  for (const a of arrays) {
    flat.set(a, at);
    at += a.length;
  }
  const modelJson = {
    format: 'layers-model',
    generatedBy: 'crucible train',
    convertedBy: null,
    modelTopology: topology,
    weightsManifest: [{ paths: ['weights.bin'], weights: names.map((name, i) => ({ name, shape: shapes[i], dtype: 'float32' })) }],
  };
  const put = (file: string, data: string | Uint8Array) => {
    const tmp = path.join(dir, `.${file}.tmp`);
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, path.join(dir, file));
  };
  put('weights.bin', new Uint8Array(flat.buffer));
  put('model.json', JSON.stringify(modelJson) + '\n');
  put('manifest.json', JSON.stringify(manifest, null, 2) + '\n');
}
