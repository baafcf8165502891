/**
 * Training samples, stored sparse: observations are mostly zeros (Dark Hero: 5,643
 * slots, a few hundred set) and a position has a few legal actions out of thousands, so
 * a row keeps its non-zero observation entries and its legal actions with their visit
 * shares. Dense rows are built only for the minibatch being fitted.
 *
 *   obsStart[r]..obsStart[r+1]   row r's entries in obsCol / obsVal
 *   actStart[r]..actStart[r+1]   row r's legal action indices (actIdx) and targets (actPi)
 *   z[r * players + k]           value target of the seat k after the mover
 */
import fs from 'node:fs';
import path from 'node:path';

export interface SampleSet {
  readonly count: number;
  readonly players: number;
  readonly obsStart: Int32Array;
  readonly obsCol: Int32Array;
  readonly obsVal: Float32Array;
  readonly actStart: Int32Array;
  readonly actIdx: Int32Array;
  readonly actPi: Float32Array;
  readonly z: Float32Array;
}

/** One row before packing. */
export interface SampleRow {
  readonly obs: Float32Array;
  /** Legal action indices and their target probabilities (same order). */
  readonly legal: readonly number[];
  readonly pi: readonly number[];
  readonly z: readonly number[];
}

export function packSamples(rows: readonly SampleRow[], players: number): SampleSet {
  let nnz = 0;
  let acts = 0;
  for (const r of rows) {
    for (let i = 0; i < r.obs.length; i++) if (r.obs[i] !== 0) nnz++;
    acts += r.legal.length;
  }
  const out: SampleSet = {
    count: rows.length,
    players,
    obsStart: new Int32Array(rows.length + 1),
    obsCol: new Int32Array(nnz),
    obsVal: new Float32Array(nnz),
    actStart: new Int32Array(rows.length + 1),
    actIdx: new Int32Array(acts),
    actPi: new Float32Array(acts),
    z: new Float32Array(rows.length * players),
  };
  let o = 0;
  let a = 0;
  rows.forEach((r, k) => {
    for (let i = 0; i < r.obs.length; i++) {
      if (r.obs[i] === 0) continue;
      out.obsCol[o] = i;
      out.obsVal[o++] = r.obs[i]!;
    }
    out.obsStart[k + 1] = o;
    for (let i = 0; i < r.legal.length; i++) {
      out.actIdx[a] = r.legal[i]!;
      out.actPi[a++] = r.pi[i]!;
    }
    out.actStart[k + 1] = a;
    for (let p = 0; p < players; p++) out.z[k * players + p] = r.z[p]!;
  });
  return out;
}

const FIELDS = ['obsStart', 'obsCol', 'obsVal', 'actStart', 'actIdx', 'actPi', 'z'] as const;

/** Concatenates sets in order (row offsets shifted). */
export function concatSamples(sets: readonly SampleSet[], players: number): SampleSet {
  const count = sets.reduce((n, s) => n + s.count, 0);
  const nnz = sets.reduce((n, s) => n + s.obsCol.length, 0);
  const acts = sets.reduce((n, s) => n + s.actIdx.length, 0);
  const out: SampleSet = {
    count,
    players,
    obsStart: new Int32Array(count + 1),
    obsCol: new Int32Array(nnz),
    obsVal: new Float32Array(nnz),
    actStart: new Int32Array(count + 1),
    actIdx: new Int32Array(acts),
    actPi: new Float32Array(acts),
    z: new Float32Array(count * players),
  };
  let r = 0;
  let o = 0;
  let a = 0;
  for (const s of sets) {
    for (let k = 1; k <= s.count; k++) {
      out.obsStart[r + k] = o + s.obsStart[k]!;
      out.actStart[r + k] = a + s.actStart[k]!;
    }
    out.obsCol.set(s.obsCol, o);
    out.obsVal.set(s.obsVal, o);
    out.actIdx.set(s.actIdx, a);
    out.actPi.set(s.actPi, a);
    out.z.set(s.z, r * players);
    r += s.count;
    o += s.obsCol.length;
    a += s.actIdx.length;
  }
  return out;
}

/** Writes `samples.json` (sizes) and `samples.bin` (the arrays, in FIELDS order). */
export function writeSamples(dir: string, s: SampleSet): void {
  fs.mkdirSync(dir, { recursive: true });
  const parts = FIELDS.map((f) => new Uint8Array(s[f].buffer, s[f].byteOffset, s[f].byteLength));
  fs.writeFileSync(path.join(dir, '.samples.bin.tmp'), Buffer.concat(parts));
  fs.renameSync(path.join(dir, '.samples.bin.tmp'), path.join(dir, 'samples.bin'));
  fs.writeFileSync(path.join(dir, 'samples.json'), JSON.stringify({ count: s.count, players: s.players, nnz: s.obsCol.length, actions: s.actIdx.length }) + '\n');
}

export function readSamples(dir: string): SampleSet {
  const meta = JSON.parse(fs.readFileSync(path.join(dir, 'samples.json'), 'utf8')) as { count: number; players: number; nnz: number; actions: number };
  const bytes = new Uint8Array(fs.readFileSync(path.join(dir, 'samples.bin')));
  let at = 0;
  const take = <T>(Ctor: new (b: ArrayBuffer) => T, n: number): T => {
    const out = new Ctor(bytes.slice(at, at + n * 4).buffer);
    at += n * 4;
    return out;
  };
  const { count, players, nnz, actions } = meta;
  return {
    count,
    players,
    obsStart: take(Int32Array, count + 1),
    obsCol: take(Int32Array, nnz),
    obsVal: take(Float32Array, nnz),
    actStart: take(Int32Array, count + 1),
    actIdx: take(Int32Array, actions),
    actPi: take(Float32Array, actions),
    z: take(Float32Array, count * players),
  };
}

/** Writes row `r` densely into slot `b` of a batch (obs, mask, pi, z). */
export function fillRow(s: SampleSet, r: number, b: number, inputs: number, actions: number, batch: { obs: Float32Array; mask: Float32Array; pi: Float32Array; z: Float32Array }): void {
  batch.obs.fill(0, b * inputs, (b + 1) * inputs);
  for (let i = s.obsStart[r]!; i < s.obsStart[r + 1]!; i++) batch.obs[b * inputs + s.obsCol[i]!] = s.obsVal[i]!;
  batch.mask.fill(0, b * actions, (b + 1) * actions);
  batch.pi.fill(0, b * actions, (b + 1) * actions);
  for (let i = s.actStart[r]!; i < s.actStart[r + 1]!; i++) {
    batch.mask[b * actions + s.actIdx[i]!] = 1;
    batch.pi[b * actions + s.actIdx[i]!] += s.actPi[i]!;
  }
  for (let p = 0; p < s.players; p++) batch.z[b * s.players + p] = s.z[r * s.players + p]!;
}
