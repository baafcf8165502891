/**
 * Ophidian's determinization (index.ts, core/zones.ts determinizeZonesByGroup): every
 * player's Arsenal and hand hold only that player's own cards, so the worlds a search
 * samples keep each unseen card among its owner's hidden places. Before, every unseen card
 * was pooled and re-dealt anywhere: the other player's hand could hold the searcher's own
 * Arsenal cards, and with two teams sharing a character (Poc Shot) the search crashed at
 * its first decision ("card 61 is not in zone 5").
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../agents/index.js';
import { Rng, UNSEEN_STREAM } from '../../../src/core/rng.js';
import { HIDDEN } from '../../../src/core/zones.js';
import { getGame } from '../../../src/games/index.js';
import { HAND, zoneOf, zoneOwner, type OphidianState } from '../../../src/games/ophidian/state.js';
import { claimedByPayment } from '../../../src/games/ophidian/costs.js';
import { controller } from '../../../src/games/ophidian/view.js';

const game = getGame('ophidian');
const dir = mkdtempSync(join(tmpdir(), 'crucible-oph-det-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Two of the team study's decks: both field Poc Shot.
const deckFile = join(dir, 'teams.json');
writeFileSync(
  deckFile,
  JSON.stringify({
    decks: [
      {
        id: 'team-a',
        name: 'David Dangers + Poc Shot + Simon Bantus + Version 9',
        team: ['david-dangers', 'poc-shot', 'simon-bantus', 'version-9'],
        arsenal: { 'adrenal-gland': 3, arachnabots: 3, 'arena-medic': 3, 'arena-spotlight': 3, 'arm-blade': 3, 'battle-armor': 3, bloaters: 3, 'blood-offering': 3, bribe: 3, charge: 3, cheerleaders: 3, 'combat-stims': 3, contagion: 3, 'crowd-pleaser': 3, encore: 3, 'fair-price': 3, 'festering-stink': 2 },
      },
      {
        id: 'team-b',
        name: 'Cray Phillips + Ironsides + Poc Shot + Trace',
        team: ['cray-phillips', 'ironsides', 'poc-shot', 'trace'],
        arsenal: { arachnabots: 3, 'arena-medic': 3, 'arena-spotlight': 3, 'arm-blade': 3, 'battle-armor': 3, blessing: 3, blink: 3, 'blood-offering': 3, bribe: 3, charge: 3, cheerleaders: 3, 'combat-stims': 3, confusion: 3, 'crowd-pleaser': 3, 'dimensional-pull': 3, distraction: 3, drosh: 2 },
      },
    ],
  }),
);

const setups: [string, object][] = [
  ['default decks', {}],
  ['two teams sharing Poc Shot', { decks: ['team-a', 'team-b'], deckFile }],
  ['three players', { players: 3 }],
];

/** States of one seeded random game, every `every` decisions. */
function states(options: object, seed: number, every: number): OphidianState[] {
  const rng = new Rng(seed);
  let s = game.setup(options, seed) as OphidianState;
  const out: OphidianState[] = [];
  for (let step = 0; !game.isTerminal(s) && step < 600; step++) {
    if (step % every === 0) out.push(s);
    const p = game.toMove(s)[0]!;
    const legal = game.legalActions(s, p);
    s = game.apply(s, [legal[rng.int(legal.length)]]) as OphidianState;
  }
  return out;
}

describe('no observation shows the dice (issue #26)', () => {
  it('two matches that differ only in their dice stream look the same to both players; the observation holds UNSEEN_STREAM', () => {
    const options = game.optionsSchema.parse({}) as object;
    let checked = 0;
    for (const s of states(options, 11, 25)) {
      for (let p = 0; p < s.t.players; p++) {
        const obs = game.observe(s, p) as OphidianState;
        expect(obs.rng).toBe(UNSEEN_STREAM);
        expect(game.observe({ ...s, rng: (s.rng ^ 0x5bd1e995) | 0 }, p)).toEqual(obs);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});

describe('Ophidian determinization keeps every card among its owner’s places', () => {
  for (const [name, raw] of setups) {
    it(`${name}: each zone holds only its owner's cards, the observer's knowledge is kept, and the hidden part is re-dealt`, () => {
      const options = game.optionsSchema.parse(raw) as object;
      let checked = 0;
      let redealt = 0;
      for (const s of states(options, 11, 25)) {
        for (let p = 0; p < s.t.players; p++) {
          const obs = game.observe(s, p) as OphidianState;
          for (let i = 0; i < 3; i++) {
            const d = game.determinize(obs, p, new Rng(100 * checked + i)) as OphidianState;
            d.zones.cards.forEach((zone, z) => {
              for (const c of zone) if (c >= 0) expect(d.t.owner[c], `card ${c} in zone ${z}`).toBe(zoneOwner(z));
            });
            // OpenSpiel's resample test: the sampled world looks to p exactly as the real one
            // (the dice stream included: no observation shows it), and its dice are re-sampled.
            expect(game.observe(d, p)).toEqual(obs);
            expect(d.rng).not.toBe(s.rng);
            expect(d.rng).not.toBe(UNSEEN_STREAM);
            if (JSON.stringify(d.zones.cards) !== JSON.stringify(s.zones.cards)) redealt++;
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(20);
      expect(redealt).toBeGreaterThan(checked / 2);
      // The real state satisfies the rule the determinization keeps (so the check above is about Ophidian, not an artefact).
      const s = states(options, 11, 1000)[0]!;
      s.zones.cards.forEach((zone, z) => zone.forEach((c) => c >= 0 && expect(s.t.owner[c]).toBe(zoneOwner(z))));
      expect((game.observe(s, 0) as OphidianState).zones.cards.some((zone) => zone.includes(HIDDEN))).toBe(true);
    });
  }

  it('a card being paid for (and its chosen discards) was announced: every sampled world keeps it in its player’s hand', () => {
    let checked = 0;
    for (const [, raw] of setups) {
      const options = game.optionsSchema.parse(raw) as object;
      for (const s of states(options, 5, 1).filter((x) => x.paying !== '')) {
        const claimed = claimedByPayment(s);
        for (let p = 0; p < s.t.players; p++) {
          const d = game.determinize(game.observe(s, p), p, new Rng(checked)) as OphidianState;
          for (const c of claimed) expect(d.zones.cards[zoneOf(controller(s, c), HAND)], `card ${c} for seat ${p}`).toContain(c);
          checked++;
        }
      }
    }
    // Before, the other players' worlds could move the announced card to its owner's Arsenal,
    // and the search crashed paying for it ("card 95 is not in zone 5").
    expect(checked).toBeGreaterThan(20);
  });

  it('ISMCTS plays the teams that share a character (it crashed at its first decision before)', () => {
    const options = game.optionsSchema.parse({ decks: ['team-a', 'team-b'], deckFile }) as object;
    const agents = [0, 1].map((seat) => createAgent('mcts:iterations=30', game, new Rng(seat + 1)));
    let s = game.setup(options, 1);
    for (let step = 0; step < 12 && !game.isTerminal(s); step++) {
      const p = game.toMove(s)[0]!;
      const legal = game.legalActions(s, p);
      const move = agents[p]!.act({ game, options, obs: game.observe(s, p), player: p, legal });
      expect(legal).toContain(move);
      s = game.apply(s, [move]);
    }
  });
});
