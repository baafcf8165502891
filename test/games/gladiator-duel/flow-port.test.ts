/**
 * The port of gladiator-duel onto the core turn flow (bench/gladiator-duel/flow-port.ts),
 * kept to reproduce the README's "Why gladiator-duel keeps its own loop" figure
 * (bench/gladiator-duel/flow-ab.ts), plays exactly as the engine's own loop: the same
 * states, menus, dice and outcomes on seeded games, and the same golden playthrough. So the
 * figure compares like with like.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng.js';
import { gladiatorDuel } from '../../../src/games/gladiator-duel/index.js';
import { parseDuelOptions } from '../../../src/games/gladiator-duel/options.js';
import type { DuelState, Gladiator } from '../../../src/games/gladiator-duel/state.js';
import { gladiatorDuelFlow, type FlowDuelState } from '../../../bench/gladiator-duel/flow-port.js';
import { GOLDEN_CASES, playthrough } from '../../golden/playthrough.js';
import { deepFreeze } from '../../core/contract.js';

const loop = gladiatorDuel;
const flow = gladiatorDuelFlow;
const gl = (g: Gladiator) => [g.type, g.cell, g.facing, g.strength, g.startStrength, g.shield, g.armed, g.ensnared, g.offBalance];
/** A loop state's content; the port keeps the move count in `steps` and, once over, the last mover in `order[turn]`. */
const loopContent = (s: DuelState) => JSON.stringify([gl(s.g0), gl(s.g1), s.current, s.ap, s.struck, s.casts, s.turn, s.rng, s.result, s.end, s.moves, s.firstMover, s.spared]);
const flowContent = (s: FlowDuelState) => JSON.stringify([gl(s.g0), gl(s.g1), s.order[s.turn], s.ap, s.struck, s.casts, s.turn, s.rng, s.result, s.end, s.steps, s.firstMover, s.spared]);

/** Plays seed `seed` with random moves on both engines side by side; returns the first difference, or null. */
function differs(raw: object, seed: number, freeze: boolean): string | null {
  const options = parseDuelOptions(raw);
  const rng = new Rng(seed);
  let a = loop.setup(options, seed);
  let b = flow.setup(options, seed);
  for (let step = 0; ; step++) {
    if (loopContent(a) !== flowContent(b)) return `step ${step}: state ${loopContent(a)} vs ${flowContent(b)}`;
    if (loop.isTerminal(a) !== flow.isTerminal(b)) return `step ${step}: terminal ${loop.isTerminal(a)} vs ${flow.isTerminal(b)}`;
    if (loop.isTerminal(a)) break;
    const p = loop.toMove(a)[0]!;
    if (flow.toMove(b).join() !== String(p)) return `step ${step}: to move ${p} vs ${flow.toMove(b).join()}`;
    const menu = loop.legalActions(a, p);
    if (flow.legalActions(b, p).join() !== menu.join()) return `step ${step}: menu ${menu.join()} vs ${flow.legalActions(b, p).join()}`;
    const move = menu[rng.int(menu.length)]!;
    if (flow.describeAction(b, p, move) !== loop.describeAction(a, p, move)) return `step ${step}: described differently`;
    a = loop.apply(a, [move]);
    b = flow.apply(freeze ? deepFreeze(b) : b, [move]);
  }
  if (JSON.stringify([loop.returns(a), loop.tags(a)]) !== JSON.stringify([flow.returns(b), flow.tags(b)])) return 'returns or tags differ';
  return null;
}

const VARIANTS: readonly { name: string; options: object }[] = [
  { name: 'default (Medium v Medium)', options: {} },
  { name: 'Retiarius v Light', options: { gladiators: [{ type: 'retiarius' }, { type: 'light' }] } },
  { name: 'Heavy v Retiarius, fixed strengths, seat 1 first', options: { gladiators: [{ type: 'heavy', strength: 12 }, { type: 'retiarius', strength: 9 }], firstMover: 1 } },
  {
    name: 'house rules (single-use net, off balance now, front arc, mob roll, double six normal)',
    options: { gladiators: [{ type: 'retiarius' }, { type: 'retiarius' }], net: { recovered: false, castsPerTurn: 2 }, offBalanceTiming: 'now', ensnaredCanStrike: false, strikeArc: 'front', mobThumbs: 'roll', doubleSix: 'normal' },
  },
  { name: 'small arena, short turn cap (draws by the cap)', options: { arena: { cols: 7, rows: 5, startDistance: 2 }, turnCap: 6 } },
];

describe('gladiator-duel on the flow (bench port) plays as the engine', () => {
  for (const v of VARIANTS)
    it(`seeded random games, ${v.name}`, () => {
      for (let seed = 1; seed <= 60; seed++) expect(differs(v.options, seed * 7919, seed % 5 === 0)).toBeNull();
    });

  it('a game the turn cap ends is a draw in both (the port reaches the cap too)', () => {
    const options = parseDuelOptions({ turnCap: 2 });
    let s = flow.setup(options, 3);
    while (!flow.isTerminal(s)) s = flow.apply(s, [0]); // "end turn" twice
    expect(flow.tags(s)).toMatchObject({ endReason: 'turn cap', turns: 2 });
    expect(flow.returns(s)).toEqual([0.5, 0.5]);
  });

  it('the golden playthrough replays exactly on the port', () => {
    const c = GOLDEN_CASES.find((x) => x.name === 'gladiator-duel')!;
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../golden/gladiator-duel.txt');
    expect(playthrough(c, flow)).toBe(fs.readFileSync(file, 'utf8'));
  });

  it('refuses an illegal move in one line, as the engine does', () => {
    const s = flow.setup(parseDuelOptions({}), 1);
    expect(() => flow.apply(s, [9])).toThrow(/gladiator-duel: illegal move 9 for player \d; legal now: 0, 1/);
  });
});
