/**
 * Models that know their content, with real content files (issue #31): a card, a hero and a
 * power that no model was trained on are written to TEMPORARY files in a tmp dir — an Ophidian
 * card file and deck file, a Superhero Gladiators hero file, a Rumble power file — read by the
 * same readers `--card-file`, `--deck-file`, `--hero-file` and `--power-file` use, and a match
 * is played with the shipped model seated on the new content: it loads, and every move it makes
 * is legal (content-additions.test.ts adds to the sample sets themselves, and covers the model
 * that does not fit: one line, the search agent instead). No mocks.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { createAgent } from '../../../agents/index.js';
import { loadModel } from '../../../agents/learned/model-files.js';
import type { Game } from '../../../src/core/game.js';
import { Rng } from '../../../src/core/rng.js';
import { getGame } from '../../../src/games/index.js';
import { checkHeroFile } from '../../../src/games/superhero-gladiators/content.js';
import { checkUserPowerFile } from '../../../src/games/rumble/content.js';

const dir = mkdtempSync(join(tmpdir(), 'crucible-content-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Plays up to `steps` decisions with the shipped model at seat 0 and the heuristic elsewhere;
 * returns the model's decisions. A model refuses a match whose options (content included) differ
 * from its training options in one line; `transfer=1` — what the studies seat with a user's
 * content (`--skill`) — plays them. Both are checked here.
 */
function playWithModel(game: Game<unknown, unknown>, options: unknown, seed: number, steps: number): number {
  const seats = game.numPlayers(options as never);
  let state = game.setup(options as never, seed);
  const refused = (() => {
    try {
      const p = game.toMove(state)[0]!;
      createAgent(`net:model=models/${game.id}`, game, new Rng(1)).act({ game, options: options as never, obs: game.observe(state, p), player: p, legal: game.legalActions(state, p) });
      return '';
    } catch (e) {
      return (e as Error).message;
    }
  })();
  expect(refused).toMatch(new RegExp(`^agent spec "net:model=models/${game.id}": model models/${game.id} was trained with options .*; allowed: the model's options, or a model trained on these \\(crucible train --options\\)$`));
  expect(refused).not.toContain('\n');
  const agents = Array.from({ length: seats }, (_, p) => createAgent(p === 0 ? `net:model=models/${game.id},transfer=1` : 'heuristic', game, new Rng(p + 1)));
  let decided = 0;
  for (let k = 0; k < steps && !game.isTerminal(state); k++) {
    // Every player to move decides (Rumble's decisions are simultaneous).
    const moves = game.toMove(state).map((p) => {
      const legal = game.legalActions(state, p);
      const a = agents[p]!.act({ game, options: options as never, obs: game.observe(state, p), player: p, legal });
      expect(legal).toContain(a);
      if (p === 0) decided++;
      return a;
    });
    state = game.apply(state, moves);
  }
  return decided;
}

describe('shipped models on content from temporary files', () => {
  it('Ophidian: a card file adds a Strategy card, a deck file plays it; the model loads and plays legal moves with it in the match', () => {
    const cardFile = join(dir, 'cards.yaml');
    const deckFile = join(dir, 'decks.yaml');
    writeFileSync(cardFile, "sample: true\ngladiators: []\nstrategies:\n  - {id: big-cheer, name: Big Cheer, type: quick-hit, flow: '+', discipline: universal, level: 1, cost: 1, maintain: skull, on-play: [{gain-cheer: 2}]}\n");
    writeFileSync(deckFile, 'decks:\n  - {id: cheer-war, team: [hammerhands, ironsides, simon-bantus], arsenal: {big-cheer: 3, arm-blade: 3, spiked-fists: 3, battle-armor: 3, war-cry: 3, charge: 3, pit-veteran: 3, one-two-punch: 3, sniper-drone: 3, laser-sight: 3, overclock: 3, repair-kit: 3, magnetic-floor: 3, combat-stims: 3, stim-pack: 3, bribe: 3, showboat: 2}}\n');
    const game = getGame('ophidian');
    const options = game.optionsSchema.parse({ cardFile, deckFile, decks: ['cheer-war', 'betty'] });
    const { manifest } = loadModel('models/ophidian', game, 'test');
    expect(game.encoder!.observationSize).toBe(manifest.encoder.observationSize);
    // The new card is in the match and has no index of its own: it is OTHER.
    const s = game.setup(options, 1) as { t: { card: { id: string }[] } };
    expect(s.t.card.some((c) => c.id === 'big-cheer')).toBe(true);
    expect(playWithModel(game as never, options, 1, 400)).toBeGreaterThan(20);
  });

  it('Superhero Gladiators: a hero file adds a hero; the model loads and plays it', () => {
    const heroFile = join(dir, 'heroes.yaml');
    writeFileSync(heroFile, '- name: Glass Cannon\n  STR: 2\n  DEX: 8\n  SIZ: 3\n  PER: 2\n  powers:\n    - { type: distance-attack, level: 3, uses: infinite, enhancements: [piercing] }\n');
    const heroes = checkHeroFile(heroFile);
    const game = getGame('superhero-gladiators');
    const { manifest } = loadModel('models/superhero-gladiators', game, 'test');
    const options = game.optionsSchema.parse({ ...(manifest.options as object), heroes, teams: [['Glass Cannon'], ['Amazon']] });
    expect(game.encoder!.observationSize).toBe(manifest.encoder.observationSize);
    expect(playWithModel(game as never, options, 1, 300)).toBeGreaterThan(5);
  });

  it('Rumble: a power file adds a power held by the model\'s hero; the model loads and plays it', () => {
    const powerFile = join(dir, 'powers.yaml');
    writeFileSync(powerFile, '- id: iron-hide\n  name: Iron Hide\n  effects: [{when: static, do: [{defense: {add: 15}}]}]\n');
    // Checked as `--power-file` checks it; its raw specs travel in the options, as the Rumble studies send them.
    expect(checkUserPowerFile(powerFile).map((d) => d.id)).toEqual(['iron-hide']);
    const customPowers = YAML.parse(readFileSync(powerFile, 'utf8')) as object[];
    const game = getGame('rumble');
    const { manifest } = loadModel('models/rumble', game, 'test');
    const options = game.optionsSchema.parse({
      ...(manifest.options as object),
      customPowers,
      fixed: [{ energy: 100, powers: [{ id: 'iron-hide', strength: 0 }] }, { energy: 100, powers: [] }, { energy: 100, powers: [] }, { energy: 100, powers: [] }],
    });
    expect(game.encoder!.observationSize).toBe(manifest.encoder.observationSize);
    expect(playWithModel(game as never, options, 1, 300)).toBeGreaterThan(5);
  });
});
