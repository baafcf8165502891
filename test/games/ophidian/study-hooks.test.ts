/**
 * What the Ophidian studies read from a game: the tags (first Flow, the Wave log, cards
 * played), the heuristic's `bar` option (restricted play), and a user's card and deck
 * files in the options.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playGame } from '../../../src/sim/play.js';
import { prepareMatch } from '../../../src/sim/play.js';
import { sampleDeck } from '../../../src/games/ophidian/sample.js';

const dir = mkdtempSync(join(tmpdir(), 'oph-hooks-'));

function played(tags: Record<string, unknown>): Map<string, number[]> {
  return new Map((tags['played'] as string[]).map((e) => {
    const [id, ...n] = e.split(':');
    return [id!, n.map(Number)];
  }));
}

describe('Ophidian study tags', () => {
  it('name the first Flow seat, log VP and Cheer per finished Wave, and count only cards of each seat\'s deck', () => {
    // The studies' tables attach the game's `waves` and `played` listeners (experiments/ophidian/common.ts).
    const r = playGame({ gameId: 'ophidian', options: {}, agents: ['heuristic'], games: 1, seed: 5, listeners: ['waves', 'played'] }, 0);
    expect(r.error).toBeUndefined();
    const t = r.tags as Record<string, unknown>;
    expect([0, 1]).toContain(t['firstFlow']);
    const waves = t['waves'] as number[];
    // One row of VP seat 0, VP seat 1, Cheer seat 0, Cheer seat 1 per finished Wave; a match
    // that ends inside Wave w logged w - 1 Waves.
    expect(waves.length).toBe(4 * ((t['turns'] as number) - 1));
    const decks = ['abe', 'betty'].map((id) => new Set(sampleDeck(id).arsenal.map((c) => c.id)));
    const counts = played(t);
    expect(counts.size).toBeGreaterThan(0);
    for (const [id, n] of counts) n.forEach((k, seat) => k > 0 && expect(decks[seat]!.has(id)).toBe(true));
  });

  it('heuristic:bar=… never plays the barred cards; unbarred, the same deck and seed plays them', () => {
    const cfg = { gameId: 'ophidian', options: { decks: ['abe', 'abe'] }, games: 1, seed: 5, listeners: ['played'] };
    const free = played(playGame({ ...cfg, agents: ['heuristic'] }, 0).tags as Record<string, unknown>);
    const often = [...free].filter(([, n]) => n[0]! > 0).map(([id]) => id).slice(0, 2);
    expect(often.length).toBe(2);
    const barred = played(playGame({ ...cfg, agents: [`heuristic:bar=${often.join('+')}`, 'heuristic'], rotate: false }, 0).tags as Record<string, unknown>);
    for (const id of often) expect(barred.get(id)?.[0] ?? 0).toBe(0);
  });

  it('a wrong bar parameter is refused before any game', () => {
    expect(() => prepareMatch({ gameId: 'ophidian', options: {}, agents: ['heuristic:bar=Arm Blade'], games: 1, seed: 1 })).toThrow(/^agent spec "heuristic:bar=Arm Blade": bar is "Arm Blade"; allowed: Strategy card ids/);
  });
});

describe('Ophidian cardFile and deckFile options', () => {
  const cards = join(dir, 'cards.yaml');
  writeFileSync(cards, `sample: true\ngladiators: []\nstrategies:\n  - {id: big-cheer, name: Big Cheer, type: quick-hit, flow: '+', discipline: universal, level: 1, cost: 1, maintain: skull, on-play: [{gain-cheer: 2}]}\n`);
  const decks = join(dir, 'decks.yaml');
  writeFileSync(decks, `decks:\n  - {id: mine, team: [hammerhands, ironsides, simon-bantus], arsenal: {big-cheer: 3, arm-blade: 3, spiked-fists: 3, battle-armor: 3, war-cry: 3, charge: 3, pit-veteran: 3, one-two-punch: 3, sniper-drone: 3, laser-sight: 3, overclock: 3, repair-kit: 3, magnetic-floor: 3, combat-stims: 3, stim-pack: 3, bribe: 3, showboat: 2}}\n`);

  it('plays a user deck holding a user card', () => {
    const r = playGame({ gameId: 'ophidian', options: { decks: ['mine', 'abe'], cardFile: cards, deckFile: decks }, agents: ['heuristic'], games: 1, seed: 2 }, 0);
    expect(r.error).toBeUndefined();
    expect((r.tags as { decks: string[] }).decks).toEqual(['mine', 'abe']);
  });

  it('refuses an unknown deck id naming the decks allowed, before any game', () => {
    expect(() => prepareMatch({ gameId: 'ophidian', options: { decks: ['nope', 'abe'] }, agents: ['random'], games: 1, seed: 1 })).toThrow(/decks has "nope"; allowed: a ready deck id: abe, betty/);
  });

  it('refuses a malformed card naming the card, the field and the problem', () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, `sample: true\ngladiators: []\nstrategies:\n  - {id: oops, name: Oops, type: quick-hit, flow: '+', discipline: universal, level: 1, cost: 1, maintain: skull, on-play: [{damge: 1}]}\n`);
    expect(() => prepareMatch({ gameId: 'ophidian', options: { cardFile: bad }, agents: ['random'], games: 1, seed: 1 })).toThrow(/card "?oops"?.*on-play/);
  });
});

describe('PASS abilities (2.6: "Some abilities may also count as passes")', () => {
  it('two players using Cray Phillips\' (PASS) Lie Low in a row end the Wave, like two passes', async () => {
    const { position, act, decision, idOf } = await import('./play.js');
    let s = position(4, ['mind-gate', 'mind-gate']);
    const first = s.flowHolder;
    const wave = s.wave;
    s = act(s, `ab:${idOf(s, first, 'cray-phillips')}:0`);
    expect(s.flowHolder).toBe(1 - first);
    s = act(s, `ab:${idOf(s, 1 - first, 'cray-phillips')}:0`);
    // All passed in a row: the Wave is over (the "After a Wave ends" chain or the Breather asks next).
    expect(decision(s)?.name).not.toBe('act');
    expect(s.breather === -1 && s.wave === wave).toBe(false);
  });
});

describe('the heuristic against a free ability that changes nothing', () => {
  it('two Level-3 Maximillions (free Retreat while in Support) no longer keep a Wave open forever', () => {
    // This game looped to the 1,000,000-decision guard when each player used the Retreat three
    // times, passed, and the other's use reset the passes in a row (bio-tek-psi-1 v portal-psi-2, seed 1).
    const r = playGame({ gameId: 'ophidian', options: { decks: ['bio-tek-psi-1', 'portal-psi-2'] }, agents: ['heuristic'], games: 1, seed: 1, rotate: false }, 0);
    expect(r.error).toBeUndefined();
    expect(r.length).toBeLessThan(5000);
  });
});
