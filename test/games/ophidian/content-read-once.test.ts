/**
 * content.ts reads and checks a user's card and deck files once, not at every match setup:
 * many games of one run read each file once and share one parsed content (and so one table);
 * an edited file is read again; the same text under another path is parsed once.
 */
import fs, { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { playGame } from '../../../src/sim/runner.js';
import { matchContent } from '../../../src/games/ophidian/content.js';
import { tableFor } from '../../../src/games/ophidian/index.js';

const dir = mkdtempSync(join(tmpdir(), 'crucible-oph-content-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const CARD = (cheer: number) => `sample: true\ngladiators: []\nstrategies:\n  - {id: big-cheer, name: Big Cheer, type: quick-hit, flow: '+', discipline: universal, level: 1, cost: 1, maintain: skull, on-play: [{gain-cheer: ${cheer}}]}\n`;
const DECK = `decks:\n  - {id: mine, team: [hammerhands, ironsides, simon-bantus], arsenal: {big-cheer: 3, arm-blade: 3, spiked-fists: 3, battle-armor: 3, war-cry: 3, charge: 3, pit-veteran: 3, one-two-punch: 3, sniper-drone: 3, laser-sight: 3, overclock: 3, repair-kit: 3, magnetic-floor: 3, combat-stims: 3, stim-pack: 3, bribe: 3, showboat: 2}}\n`;

/** Opens of `files` for reading (content files are read through one bounded open each) while `run` runs. */
function readsOf(files: readonly string[], run: () => void): number {
  const spy = vi.spyOn(fs, 'openSync');
  run();
  const n = spy.mock.calls.filter((c) => files.includes(String(c[0]))).length;
  spy.mockRestore();
  return n;
}

describe('Ophidian content files are read once', () => {
  it('ten games of a run read each file once and share one parsed content and one table', () => {
    const cardFile = join(dir, 'cards-a.yaml');
    const deckFile = join(dir, 'decks-a.yaml');
    writeFileSync(cardFile, CARD(2));
    writeFileSync(deckFile, DECK);
    const options = { decks: ['mine', 'abe'], cardFile, deckFile };
    const reads = readsOf([cardFile, deckFile], () => {
      for (let i = 0; i < 10; i++) {
        const r = playGame({ gameId: 'ophidian', options, agents: ['random'], games: 10, seed: 4 }, i);
        expect(r.error).toBeUndefined();
      }
    });
    expect(reads).toBe(2);
    const a = matchContent(options);
    expect(matchContent({ ...options })).toBe(a);
    expect(tableFor(['mine', 'abe'], a)).toBe(tableFor(['mine', 'abe'], matchContent(options)));
    expect(a.cards.strategies.get('big-cheer')?.name).toBe('Big Cheer');
  });

  it('an edited file is read again and gives the new content', () => {
    const cardFile = join(dir, 'cards-b.yaml');
    writeFileSync(cardFile, CARD(2));
    const before = matchContent({ cardFile });
    // A different size, so the stat differs even within one clock tick.
    writeFileSync(cardFile, CARD(12));
    const reads = readsOf([cardFile], () => {
      const after = matchContent({ cardFile });
      expect(after).not.toBe(before);
      expect(after.key).not.toBe(before.key);
      expect(matchContent({ cardFile })).toBe(after);
    });
    expect(reads).toBe(1);
  });

  it('the same text under another path is one parsed content (keyed on the text, not the path)', () => {
    const one = join(dir, 'same-1.yaml');
    const two = join(dir, 'same-2.yaml');
    writeFileSync(one, CARD(3));
    writeFileSync(two, CARD(3));
    expect(matchContent({ cardFile: two })).toBe(matchContent({ cardFile: one }));
    // A card file and a deck file with the same text are not confused.
    expect(matchContent({ cardFile: one }).key).toMatch(/^[0-9a-f]{16}$/);
  });

  it('a missing file is one clear line naming the option and the path', () => {
    expect(() => matchContent({ cardFile: join(dir, 'nope.yaml') })).toThrow(/^ophidian options: cardFile is ".*nope\.yaml": cannot be read; allowed: a readable \.yaml\/\.yml\/\.json file$/);
  });
});
