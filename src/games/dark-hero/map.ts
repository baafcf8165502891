/**
 * The card map as a graph of *slots*: each slot holds one face-down card (or, in the
 * "draw and place" variant, may still be empty). A board is built once per game at
 * setup and shared by every later state: it never changes.
 *
 * Layouts:
 * - seed: the seed's pattern, a ring ("center square", 2 cards per side) with one spoke
 *   of `spokeLength` cards per hero, heroes starting at the spoke tips.
 * - random: the seed pattern plus extra paths between cards and dead-end spurs.
 * - asymmetric: spokes and ring segments of random lengths, one extra path and spur.
 * - custom / file: a user's { cards, edges, starts }.
 * - draw: a grid of empty cells; heroes start on single cards and place one per turn.
 */
import { parse as parseYaml } from 'yaml';
import { UserError, parseErrorText } from '../../core/errors.js';
import { Rng } from '../../core/rng.js';
import { parseWith } from '../../core/validate.js';
import { layoutSchema, type DarkHeroOptions, type LayoutInput } from './options.js';
import { readBoundedFile } from '../../core/content-file.js';

export interface Board {
  /** Number of slots. */
  readonly size: number;
  /** Neighbours of each slot. */
  readonly adj: readonly (readonly number[])[];
  /** Start slot of each hero. */
  readonly starts: readonly number[];
  /** Grid width for the draw variant (0 for fixed maps); slot = y * width + x. */
  readonly width: number;
  /** True when slots start empty and cards are placed during play. */
  readonly placed: boolean;
}

function graph(size: number, edges: readonly (readonly [number, number])[], starts: readonly number[]): Board {
  const sets: Set<number>[] = Array.from({ length: size }, () => new Set<number>());
  for (const [a, b] of edges) {
    sets[a]!.add(b);
    sets[b]!.add(a);
  }
  return { size, adj: sets.map((s) => [...s].sort((x, y) => x - y)), starts, width: 0, placed: false };
}

/** Builder for ring-and-spoke maps: adds cards and edges. */
class Builder {
  size = 0;
  readonly edges: [number, number][] = [];
  card(): number {
    return this.size++;
  }
  link(a: number, b: number): void {
    this.edges.push([a, b]);
  }
  /** A path of `length` new cards hanging from `from`; returns the cards, nearest first. */
  path(from: number, length: number): number[] {
    const out: number[] = [];
    let prev = from;
    for (let i = 0; i < length; i++) {
      const c = this.card();
      this.link(prev, c);
      out.push(c);
      prev = c;
    }
    return out;
  }
}

/**
 * Ring of `sides` sides, each side "corner, attach card" (so a 4-sided ring is the
 * seed's 3 × 3 square of 8 cards), spokes on the attach cards of evenly spread sides.
 * `segment(k)` gives the corner cards between attach k and k+1 (1 in the seed).
 */
function ringAndSpokes(players: number, spokeLength: (k: number) => number, segment: (k: number) => number): { b: Builder; starts: number[] } {
  const b = new Builder();
  const sides = Math.max(players, players === 2 ? 4 : 3);
  const attach: number[] = [];
  let first = -1;
  let prev = -1;
  for (let side = 0; side < sides; side++) {
    const a = b.card();
    attach.push(a);
    if (prev >= 0) b.link(prev, a);
    else first = a;
    prev = a;
    for (let c = 0; c < segment(side); c++) {
      const corner = b.card();
      b.link(prev, corner);
      prev = corner;
    }
  }
  b.link(prev, first);
  const starts: number[] = [];
  for (let k = 0; k < players; k++) {
    const side = Math.floor((k * sides) / players);
    const spoke = b.path(attach[side]!, spokeLength(k));
    starts.push(spoke[spoke.length - 1]!);
  }
  return { b, starts };
}

/** All cards at graph distance ≥ 2 from `a` (candidates for an extra path's far end). */
function distances(size: number, edges: readonly [number, number][], from: number): number[] {
  const adj: number[][] = Array.from({ length: size }, () => []);
  for (const [a, c] of edges) {
    adj[a]!.push(c);
    adj[c]!.push(a);
  }
  const dist = new Array<number>(size).fill(-1);
  dist[from] = 0;
  const queue = [from];
  for (let q = 0; q < queue.length; q++) {
    const v = queue[q]!;
    for (const w of adj[v]!) if (dist[w]! < 0) {
      dist[w] = dist[v]! + 1;
      queue.push(w);
    }
  }
  return dist;
}

function addExtras(b: Builder, rng: Rng, paths: number, spurs: number, avoid: ReadonlySet<number>): void {
  for (let p = 0; p < paths; p++) {
    const candidates = Array.from({ length: b.size }, (_, i) => i).filter((i) => !avoid.has(i));
    const a = rng.pick(candidates);
    const dist = distances(b.size, b.edges, a);
    const far = candidates.filter((i) => dist[i]! >= 3);
    if (far.length === 0) continue;
    const c = rng.pick(far);
    const mid = b.path(a, rng.range(1, 3));
    b.link(mid[mid.length - 1]!, c);
  }
  for (let s = 0; s < spurs; s++) {
    const candidates = Array.from({ length: b.size }, (_, i) => i).filter((i) => !avoid.has(i));
    b.path(rng.pick(candidates), rng.range(1, 2));
  }
}

const fileCache = new Map<string, LayoutInput>();

/** Reads and validates a layout file (JSON or YAML), cached by path. */
export function loadLayoutFile(path: string): LayoutInput {
  const cached = fileCache.get(path);
  if (cached) return cached;
  const text = readBoundedFile('dark-hero options: map.file', path);
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (err) {
    throw new UserError(`dark-hero layout file ${path}: not valid JSON or YAML (${parseErrorText(err)}); allowed: { cards, edges, starts }`);
  }
  const layout = parseWith(`dark-hero layout file ${path}`, layoutSchema, data);
  fileCache.set(path, layout);
  return layout;
}

/** Checks a user layout (indices in range, no loops, distinct starts, connected). */
export function checkLayout(layout: LayoutInput, players: number, where: string): Board {
  const { cards, edges, starts } = layout;
  edges.forEach(([a, b], i) => {
    if (a >= cards || b >= cards) throw new UserError(`${where}: edges.${i} is ${JSON.stringify([a, b])}; allowed: card indices 0..${cards - 1}`);
    if (a === b) throw new UserError(`${where}: edges.${i} is ${JSON.stringify([a, b])}; allowed: two different cards`);
  });
  if (starts.length < players) throw new UserError(`${where}: starts has ${starts.length} cards for ${players} heroes; allowed: at least one start per hero`);
  starts.forEach((s, i) => {
    if (s >= cards) throw new UserError(`${where}: starts.${i} is ${s}; allowed: card indices 0..${cards - 1}`);
    if (starts.indexOf(s) !== i) throw new UserError(`${where}: starts.${i} is ${s} (used twice); allowed: a different card per hero`);
  });
  const dist = distances(cards, edges as [number, number][], 0);
  const lost = dist.indexOf(-1);
  if (lost >= 0) throw new UserError(`${where}: card ${lost} is not connected to card 0; allowed: a connected map`);
  return graph(cards, edges, starts.slice(0, players));
}

/** The draw-and-place grid: heroes on single cards three cells apart, margins to grow. */
function drawGrid(players: number, turns: number): Board {
  const perRow = Math.ceil(Math.sqrt(players));
  const rows = Math.ceil(players / perRow);
  const margin = Math.min(6, Math.max(3, Math.ceil(turns / 3)));
  const width = 3 * (perRow - 1) + 1 + 2 * margin;
  const height = 3 * (rows - 1) + 1 + 2 * margin;
  const adj: number[][] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const n: number[] = [];
      if (y > 0) n.push((y - 1) * width + x);
      if (x > 0) n.push(y * width + x - 1);
      if (x < width - 1) n.push(y * width + x + 1);
      if (y < height - 1) n.push((y + 1) * width + x);
      adj.push(n);
    }
  const starts: number[] = [];
  for (let k = 0; k < players; k++) {
    const x = margin + 3 * (k % perRow);
    const y = margin + 3 * Math.floor(k / perRow);
    starts.push(y * width + x);
  }
  return { size: width * height, adj, starts, width, placed: true };
}

/** Builds the board for `options`; `seed` drives the random generators. */
export function buildBoard(options: DarkHeroOptions, seed: number): Board {
  const players = options.heroes.length;
  const { map } = options;
  const rng = new Rng(seed ^ 0x5bd1e995);
  switch (map.layout) {
    case 'seed': {
      const { b, starts } = ringAndSpokes(players, () => map.spokeLength, () => 1);
      return graph(b.size, b.edges, starts);
    }
    case 'random': {
      const { b, starts } = ringAndSpokes(players, () => map.spokeLength, () => 1);
      addExtras(b, rng, map.extraPaths, map.spurs, new Set(starts));
      return graph(b.size, b.edges, starts);
    }
    case 'asymmetric': {
      const spokes = Array.from({ length: players }, () => rng.range(Math.max(1, map.spokeLength - 2), map.spokeLength + 2));
      const segments = Array.from({ length: Math.max(players, 4) }, () => rng.range(0, 3));
      const { b, starts } = ringAndSpokes(players, (k) => spokes[k]!, (k) => segments[k]!);
      addExtras(b, rng, 1, 1, new Set(starts));
      return graph(b.size, b.edges, starts);
    }
    case 'custom':
      return checkLayout(map.custom!, players, 'dark-hero options: map.custom');
    case 'file':
      return checkLayout(loadLayoutFile(map.file!), players, `dark-hero layout file ${map.file}`);
    case 'draw':
      return drawGrid(players, options.turns);
  }
}
