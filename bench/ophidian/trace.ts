/**
 * Ophidian determinism trace: a hash of every state, every mover's legal-action list and
 * every applied move over a few thousand seeded random matches with the sample decks
 * (the Example Game's Abe v Betty, other pairings, Death Match). Every seventh decision
 * also hashes the mover's observation and one determinization of it (what ISMCTS sees).
 * Speed work on the engine must leave the printed hashes unchanged; a change to the rules
 * or the legal actions changes them on purpose (then take the new hashes as the baseline
 * from that commit, and say why in its message).
 *
 *   node --import tsx bench/ophidian/trace.ts [--scale 1] [--multi]
 *
 * `--multi` traces multi-player tables instead (3, 4 and 6 players, 7.0: neighbours, the
 * pool, elimination), with their own digest: the default list is two-player only and its
 * `all` line is the long-standing baseline.
 *
 * Every fourth match is replayed from deep-frozen states (a transition that writes to its
 * input throws, or the replay's trail differs).
 */
import { createHash, type Hash } from 'node:crypto';
import { deepFreeze, runTrace } from '../trace-loop.js';
import { Rng } from '../../src/core/rng.js';
import { ophidian, type OphidianOptions } from '../../src/games/ophidian/index.js';
import type { OphidianState } from '../../src/games/ophidian/state.js';

const scaleAt = process.argv.indexOf('--scale');
const SCALE = scaleAt >= 0 ? Number(process.argv[scaleAt + 1]) : 1;
const MULTI = process.argv.includes('--multi');

/**
 * The state as JSON, its top-level fields in name order (so the order a state object was
 * built in does not matter), without the match's fixed table (`t`: shared card data, not
 * state). Functions (compiled card effects parked in `pending`) drop out of JSON; their
 * labels stay. (No replacer function: one is called per key and made the trace 3x slower.)
 */
function stateJson(s: OphidianState): string {
  const rec = s as unknown as Record<string, unknown>;
  const keys = Object.keys(rec).filter((k) => k !== 't').sort();
  let out = '{';
  for (const k of keys) out += `"${k}":${JSON.stringify(rec[k]) ?? 'null'},`;
  return `${out}}`;
}


const CONFIGS: { name: string; options: Partial<OphidianOptions>; games: number }[] = [
  { name: 'abe v betty', options: { decks: ['abe', 'betty'] }, games: 1000 },
  { name: 'betty v abe', options: { decks: ['betty', 'abe'] }, games: 200 },
  { name: 'war-machine v mind-gate', options: { decks: ['war-machine', 'mind-gate'] }, games: 300 },
  { name: 'plague-temple v abe', options: { decks: ['plague-temple', 'abe'] }, games: 300 },
  { name: 'mind-gate v plague-temple', options: { decks: ['mind-gate', 'plague-temple'] }, games: 200 },
  { name: 'abe v betty, Death Match', options: { decks: ['abe', 'betty'], deathMatch: true }, games: 200 },
];

const MULTI_CONFIGS: { name: string; options: Partial<OphidianOptions>; games: number }[] = [
  { name: '3 players', options: { players: 3 }, games: 100 },
  { name: '4 players', options: { players: 4 }, games: 80 },
  { name: '6 players', options: { players: 6 }, games: 40 },
  { name: '4 players, Death Match', options: { players: 4, deathMatch: true }, games: 30 },
];

/** Plays one match, hashing states, legal actions, moves (and some observations); `frozen` deep-freezes every state first. */
function playGame(options: OphidianOptions, seed: number, h: Hash, frozen: boolean): string {
  const rng = new Rng(seed);
  const dRng = new Rng(seed ^ 0x5bd1e995);
  let s = ophidian.setup(options, seed);
  let step = 0;
  const trail = createHash('sha256');
  while (!ophidian.isTerminal(s)) {
    if (frozen) deepFreeze(s);
    trail.update(stateJson(s));
    const [p] = ophidian.toMove(s) as [number];
    trail.update(`m${p}`);
    const legal = ophidian.legalActions(s, p);
    trail.update(legal.join(';'));
    if (step % 7 === 3) {
      const obs = ophidian.observe(s, p);
      trail.update(stateJson(obs));
      trail.update(stateJson(ophidian.determinize(obs, p, dRng)));
    }
    s = ophidian.apply(s, [legal[rng.int(legal.length)]!]);
    step++;
  }
  trail.update(stateJson(s));
  trail.update(JSON.stringify(ophidian.returns(s)));
  const digest = trail.digest('hex');
  h.update(digest);
  return digest;
}

runTrace(MULTI ? MULTI_CONFIGS : CONFIGS, (o) => ophidian.optionsSchema.parse(o) as OphidianOptions, playGame, SCALE, 28);
