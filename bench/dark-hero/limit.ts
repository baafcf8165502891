/**
 * The limit for Dark Hero random play: a hand-written, mutable, allocation-free loop of the
 * same rules with the same default options (seed map, 12 rounds, Bent drift with vetoes,
 * final card), written from the rule text (shared/seeds/001_…txt) and the project's
 * documented interpretations (src/games/dark-hero/README.md). It plays uniformly random
 * legal decisions — the same decisions the engine offers (spend any t + h ≤ Resources,
 * the move targets with "must move" and the unflipped-first rule, contest / fight again,
 * shift, each opponent asked once on a Club, the Ace answer, convert, the veto asked in
 * seat order of heroes with a Resource) — so that its games have the same length and
 * outcome distribution as the engine's (checked by `faithfulness` in the bench).
 *
 * Everything lives in typed arrays allocated once; one inline counter-based generator
 * (the mixer of src/core/rng.ts) draws the dice and the choices. The map graph is the
 * project's own board (buildBoard), flattened: the map is data, not the engine.
 */
import { buildBoard } from '../../src/games/dark-hero/map.js';
import type { DarkHeroOptions } from '../../src/games/dark-hero/options.js';

const HEART = 1;
const SPADE = 2;
const DIAMOND = 3;
const CLUB = 4;
const FACE_DOWN = 0;
const NEUTRAL = 5;

export interface LimitTotals {
  games: number;
  steps: number;
  /** Sum of returns of Free heroes and of Safe heroes, and their hero counts per game. */
  freeReturn: number;
  safeReturn: number;
  /** Sum of squared game lengths (for the standard deviation). */
  steps2: number;
}

export interface DarkHeroLimit {
  /** Plays one whole random game; returns its decisions. */
  play(): number;
  readonly totals: LimitTotals;
}

export function makeDarkHeroLimit(options: DarkHeroOptions, seed: number): DarkHeroLimit {
  if (options.map.layout !== 'seed' && options.map.layout !== 'custom' && options.map.layout !== 'file')
    throw new Error('dark-hero limit: fixed layouts only (seed, custom, file)');
  if (options.drift !== 'bent' || options.concentration || options.start !== 'bent') throw new Error('dark-hero limit: default drift, start and no concentration only');
  const board = buildBoard(options, seed);
  const P = options.heroes.length;
  const size = board.size;
  // Flat adjacency: neighbours of slot s are adj[off[s] .. off[s + 1]).
  const off = new Int32Array(size + 1);
  for (let s = 0; s < size; s++) off[s + 1] = off[s]! + board.adj[s]!.length;
  const adj = new Int32Array(off[size]!);
  for (let s = 0, k = 0; s < size; s++) for (const n of board.adj[s]!) adj[k++] = n;
  const starts = Int32Array.from(board.starts);
  const target = Int32Array.from(options.heroes, (h) => (h.goal === 'free' ? 3 : 5));
  const fighting = Int32Array.from(options.heroes, (h) => h.fighting);
  const infiltrating = Int32Array.from(options.heroes, (h) => h.infiltrating);
  const baseRes = Int32Array.from(options.heroes, (h) => h.resources);
  const baseAces = Int32Array.from(options.heroes, (h) => h.aces);
  const isSafe = Uint8Array.from(options.heroes, (h) => (h.goal === 'safe' ? 1 : 0));
  const decks = Math.max(1, Math.ceil((size + 1) / 52));
  const deck = new Int8Array(52 * decks);
  const { turns, aceBonus, aceCost, cardBase, underdogBonus, bentShifts, finalDraw } = options;
  const bentPos = Int32Array.from(options.bentPositions);

  const cards = new Int8Array(size);
  const suit = new Int8Array(size);
  const res = new Int32Array(P);
  const aces = new Int32Array(P);
  const pos = new Int32Array(P);
  const prev = new Int32Array(P);
  const tied = new Int32Array(P);
  const targets = new Int32Array(64);

  let rng = seed | 0;
  /** Integer in [0, n): the mixer of src/core/rng.ts over a Weyl counter. */
  function int(n: number): number {
    rng = (rng + 0x6d2b79f5) | 0;
    let t = rng;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  }

  let meter = 0;
  let bent = 0;
  let steps = 0;
  const totals: LimitTotals = { games: 0, steps: 0, freeReturn: 0, safeReturn: 0, steps2: 0 };

  function moveMeter(dir: number): void {
    if (dir === 0) return;
    let m = meter + dir;
    m = m < 1 ? 1 : m > 7 ? 7 : m;
    if (bentShifts && m !== meter) {
      if (m === bentPos[1]) bent = bentPos[0]!;
      else if (m === bentPos[2]) bent = bentPos[3]!;
    }
    meter = m;
  }

  /** Heart raid / Spade fight at the hero's slot; true when won. */
  function contest(h: number, ability: number, withAce: boolean): boolean {
    const slot = pos[h]!;
    const s = cards[slot]!;
    const mine = ability + 1 + int(4) + (withAce ? aceBonus : 0);
    const theirs = cardBase + 1 + int(4);
    if (withAce) aces[h]!--;
    tied[h] = -1;
    if (mine > theirs) {
      cards[slot] = NEUTRAL;
      return true;
    }
    if (s === SPADE && mine < theirs) pos[h] = prev[h]!;
    else if (s === SPADE) tied[h] = slot;
    return false;
  }

  /** The contest decision (`again`: a tied Spade fought again, no declining), then the shift. */
  function resolveContest(h: number, tactics: number, hiding: number, again: boolean): void {
    const hasAce = aces[h]! > 0;
    let a: number;
    if (again) a = 1 + (hasAce ? int(2) : 0);
    else a = int(hasAce ? 3 : 2);
    steps++;
    if (a === 0) return;
    const ability = cards[pos[h]!] === HEART ? infiltrating[h]! + hiding : fighting[h]! + tactics;
    if (contest(h, ability, a === 2)) {
      steps++;
      moveMeter(int(3) - 1);
    }
  }

  function turn(h: number): void {
    let tactics = 0;
    let hiding = 0;
    // Spend: any (t, h) with t + h <= R, uniformly.
    const R = res[h]!;
    if (R > 0) {
      let k = int(((R + 1) * (R + 2)) / 2);
      let t = 0;
      while (k >= R - t + 1) {
        k -= R - t + 1;
        t++;
      }
      tactics = t;
      hiding = k;
      res[h] = R - t - k;
      steps++;
    }
    // Move targets, in the engine's order.
    const here = pos[h]!;
    const broke = res[h] === 0;
    let unflipped = false;
    for (let i = off[here]!; i < off[here + 1]!; i++) if (cards[adj[i]!] === FACE_DOWN) unflipped = true;
    let n = 0;
    if (tied[h] === here && cards[here] === SPADE) targets[n++] = here;
    for (let i = off[here]!; i < off[here + 1]!; i++) {
      const c = cards[adj[i]!]!;
      if ((c === NEUTRAL && unflipped) || (c === CLUB && broke)) continue;
      targets[n++] = adj[i]!;
    }
    if (n === 0) targets[n++] = here;
    const to = targets[int(n)]!;
    steps++;
    if (to === here) {
      if (tied[h] === here && cards[here] === SPADE) resolveContest(h, tactics, hiding, true);
    } else {
      prev[h] = here;
      pos[h] = to;
      tied[h] = -1;
      if (cards[to] === FACE_DOWN) cards[to] = suit[to]!;
      const c = cards[to]!;
      if (c === DIAMOND) {
        res[h]!++;
        cards[to] = NEUTRAL;
      } else if (c === HEART || c === SPADE) {
        resolveContest(h, tactics, hiding, false);
      } else if (c === CLUB) {
        if (res[h] === 0) pos[h] = here;
        else
          for (let k = 1; k < P; k++) {
            const att = (h + k) % P;
            const attAce = aces[att]! > 0;
            const a = int(attAce ? 3 : 2);
            steps++;
            if (a === 0) continue;
            if (a === 2) aces[att]!--;
            let defAce = false;
            if (aces[h]! > 0) {
              defAce = int(2) === 1;
              steps++;
            }
            const x = fighting[att]! + 1 + int(4) + (a === 2 ? aceBonus : 0);
            const y = fighting[h]! + tactics + 1 + int(4) + (defAce ? aceBonus : 0);
            if (x > y) res[h] = Math.max(0, res[h]! - 1);
            else if (y > x) res[att] = Math.max(0, res[att]! - 1);
            if (defAce) aces[h]!--;
            break;
          }
      }
    }
    // Convert.
    if (res[h]! >= aceCost) {
      const a = int(Math.floor(res[h]! / aceCost) + 1);
      res[h]! -= a * aceCost;
      aces[h]! += a;
      steps++;
    }
  }

  function play(): number {
    steps = 0;
    for (let i = 0, k = 0; k < decks; k++) for (let s = HEART; s <= CLUB; s++) for (let r = 0; r < 13; r++) deck[i++] = s;
    const bentRoll = 1 + int(4);
    bent = bentPos[bentRoll - 1]!;
    meter = bent;
    const underdogSafe = bentRoll <= 2 ? 1 : 0;
    for (let i = deck.length - 1; i > 0; i--) {
      const j = int(i + 1);
      const t = deck[i]!;
      deck[i] = deck[j]!;
      deck[j] = t;
    }
    for (let s = 0; s < size; s++) {
      suit[s] = deck[s]!;
      cards[s] = FACE_DOWN;
    }
    for (let i = 0; i < starts.length; i++) cards[starts[i]!] = NEUTRAL;
    let pileTop = size;
    for (let h = 0; h < P; h++) {
      res[h] = baseRes[h]! + (isSafe[h] === underdogSafe ? underdogBonus : 0);
      aces[h] = baseAces[h]!;
      pos[h] = starts[h]!;
      prev[h] = starts[h]!;
      tied[h] = -1;
    }
    for (let round = 0; round < turns; round++) {
      for (let h = 0; h < P; h++) turn(h);
      const dir = Math.sign(bent - meter);
      if (dir !== 0) {
        let paid = false;
        for (let p = 0; p < P && !paid; p++) {
          if (res[p] === 0) continue;
          steps++;
          if (int(2) === 1) {
            res[p]!--;
            paid = true;
          }
        }
        if (!paid) moveMeter(dir);
      }
    }
    if (finalDraw) {
      const s = deck[pileTop++]!;
      moveMeter(s === HEART ? -1 : s === SPADE ? 1 : s === DIAMOND ? Math.sign(3 - meter) : Math.sign(5 - meter));
    }
    totals.games++;
    totals.steps += steps;
    totals.steps2 += steps * steps;
    for (let h = 0; h < P; h++) {
      const d = Math.abs(meter - target[h]!);
      const share = meter === 1 || meter === 7 ? 0 : d === 0 ? 1 : d === 1 ? 0.5 : 0;
      if (isSafe[h]) totals.safeReturn += share;
      else totals.freeReturn += share;
    }
    return steps;
  }

  return { play, totals };
}
