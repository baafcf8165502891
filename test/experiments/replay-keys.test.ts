/**
 * Only what changed is replayed: a designer edits one item of their content file and reruns;
 * the games that item can affect are played again, every other game resumes from its run
 * folder. Counted per game with the study's progress sink (it ticks once per game played now,
 * never for a game resumed from disk).
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superheroGladiatorsCostsStudy } from '../../experiments/superhero-gladiators/costs.js';
import { rumblePowerValues } from '../../experiments/rumble/power-values.js';
import { initTf } from '../../src/core/tf.js';
import { closeRunnerPool, runMatch } from '../../src/sim/runner.js';
import type { ProgressSink } from '../../src/sim/progress.js';

const dir = mkdtempSync(join(tmpdir(), 'crucible-replay-keys-'));
beforeAll(async () => {
  await initTf();
});
afterAll(async () => {
  await closeRunnerPool?.();
  rmSync(dir, { recursive: true, force: true });
});

/** A progress sink that counts the games played now. */
function counter(): { sink: ProgressSink; played: () => number } {
  let n = 0;
  return { sink: () => ({ tick: (c = 1) => void (n += c), note() {}, stop() {} }), played: () => n };
}

describe('ophidian: runs are keyed on the seated decks, not the whole card file', () => {
  const strategy = (id: string, cheer: number) => `  - {id: ${id}, name: ${id}, type: quick-hit, flow: '+', discipline: universal, level: 1, cost: 1, maintain: skull, on-play: [{gain-cheer: ${cheer}}]}\n`;
  const cards = (...lines: string[]) => `sample: true\ngladiators: []\nstrategies:\n${lines.join('')}`;
  const arsenal = 'arm-blade: 3, spiked-fists: 3, battle-armor: 3, war-cry: 3, charge: 3, pit-veteran: 3, one-two-punch: 3, sniper-drone: 3, laser-sight: 3, overclock: 3, repair-kit: 3, magnetic-floor: 3, combat-stims: 3, stim-pack: 3, bribe: 3, showboat: 2';
  const DECKS = `decks:\n  - {id: mine-a, team: [hammerhands, ironsides, simon-bantus], arsenal: {big-cheer: 3, ${arsenal}}}\n  - {id: mine-b, team: [hammerhands, ironsides, simon-bantus], arsenal: {small-cheer: 3, ${arsenal}}}\n`;
  const cardFile = join(dir, 'cards.yaml');
  const deckFile = join(dir, 'decks.yaml');
  const tables = [
    ['mine-a', 'abe'],
    ['mine-b', 'abe'],
    ['abe', 'betty'],
  ] as const;
  async function playAll(): Promise<number> {
    const count = counter();
    for (const decks of tables) {
      const config = { gameId: 'ophidian', options: { decks: [...decks], cardFile, deckFile }, agents: ['random'], games: 2, seed: 3, rotate: false };
      await runMatch(config, { runsDir: join(dir, 'oph-runs'), runName: decks.join('-v-'), workers: 1, progressSink: count.sink });
    }
    return count.played();
  }

  it('"Quick-Hit ... gain Cheer": editing a card replays only the table whose deck holds it; a card in no deck replays nothing', async () => {
    writeFileSync(deckFile, DECKS);
    writeFileSync(cardFile, cards(strategy('big-cheer', 2), strategy('small-cheer', 1)));
    expect(await playAll()).toBe(6);
    expect(await playAll()).toBe(0); // an unchanged rerun resumes everything
    writeFileSync(cardFile, cards(strategy('big-cheer', 2), strategy('small-cheer', 13))); // small-cheer is only in mine-b
    expect(await playAll()).toBe(2);
    writeFileSync(cardFile, cards(strategy('big-cheer', 2), strategy('small-cheer', 13), strategy('spare-cheer', 5))); // in no deck
    expect(await playAll()).toBe(0);
  });
});

describe('superhero-gladiators-costs: a hero file edit replays only that hero\'s duels', () => {
  const hero = (name: string, dex: number) => `- name: ${name}\n  STR: 2\n  DEX: ${dex}\n  SIZ: 3\n  PER: 2\n  powers:\n    - { type: distance-attack, level: 3, uses: infinite, enhancements: [piercing] }\n`;
  const heroFile = join(dir, 'heroes.yaml');
  const study = superheroGladiatorsCostsStudy({ builds: 12, degree: 2, teamMatchups: 2 });
  async function run(): Promise<number> {
    const count = counter();
    await study.run({ seed: 5, full: false, workers: 1, runDir: join(dir, 'shg-runs'), command: 'test', progress: false, heroFile, progressSink: count.sink });
    return count.played();
  }

  it('adding a hero plays its 2 x degree duels only; editing it replays those only', async () => {
    writeFileSync(heroFile, hero('Glass Cannon', 8));
    expect(await run()).toBe((12 * 2 + 4 + 2) * 2); // circle duels, the hero's 4 duels, 2 team matchups; 2 games each
    writeFileSync(heroFile, hero('Glass Cannon', 8) + hero('Paper Tiger', 9));
    expect(await run()).toBe(4 * 2); // Paper Tiger's own 4 duels; nothing else moves
    writeFileSync(heroFile, hero('Glass Cannon', 8) + hero('Paper Tiger', 10));
    expect(await run()).toBe(4 * 2);
  });
});

describe('rumble-power-values: runs are keyed on the powers dealt at each table', () => {
  // "Each Hero privately invents two Powers ... available for everyone to bid on": the study skips the auction and deals
  // each power at a fixed table (hero 1 holds it, at an Energy handicap), so a table depends on the one power it deals.
  const power = (id: string, add: number) => ({ id, name: id, effects: [{ when: 'static', do: [{ attack: { add } }] }] });
  const powerFile = join(dir, 'powers.json');
  const runDir = join(dir, 'rumble-runs');
  const study = rumblePowerValues({ powerFile, powers: ['tough-skin'], design: { grid: [0, 20], perPoint: 2, tables: [2] } });
  const folders = () => new Set(readdirSync(runDir));
  async function run(): Promise<number> {
    const count = counter();
    await study.run({ seed: 4, full: false, workers: 1, runDir, command: 'test', progress: false, progressSink: count.sink });
    return count.played();
  }

  it('editing one power replays only the tables that deal it; the seed power and the other user power resume', async () => {
    writeFileSync(powerFile, JSON.stringify({ powers: [power('iron-hide', 5), power('glass-jaw', 10)] }));
    expect(await run()).toBeGreaterThan(0);
    expect(await run()).toBe(0);
    const before = folders();
    writeFileSync(powerFile, JSON.stringify({ powers: [power('iron-hide', 5), power('glass-jaw', 15)] }));
    const replayed = await run();
    const fresh = [...folders()].filter((f) => !before.has(f));
    expect(fresh.length).toBeGreaterThan(0);
    // Every table played anew deals glass-jaw (2 games a table); none of iron-hide's or tough-skin's.
    expect(fresh.every((f) => f.includes('-glass-jaw-'))).toBe(true);
    expect(replayed).toBe(2 * fresh.length);
  });
});

describe('dark-hero: a map file edit replays only the games on that map', () => {
  const ring = (n: number) => `cards: ${n}\nedges: [${Array.from({ length: n }, (_, i) => `[${i},${(i + 1) % n}]`).join(',')}]\nstarts: [0, ${Math.floor(n / 2)}]\n`;
  const mapA = join(dir, 'map-a.yaml');
  const mapB = join(dir, 'map-b.yaml');
  async function playAll(): Promise<number> {
    const count = counter();
    for (const [name, file] of [['a', mapA], ['b', mapB]] as const) {
      const config = { gameId: 'dark-hero', options: { players: 2, map: { layout: 'file', file } }, agents: ['random'], games: 2, seed: 3, rotate: false };
      await runMatch(config, { runsDir: join(dir, 'dh-runs'), runName: `map-${name}`, workers: 1, progressSink: count.sink });
    }
    return count.played();
  }

  it('"lay down a map of playing cards ... It\'s a free map, have fun": changing map A replays its 2 games only; a comment or reordered keys replay nothing', async () => {
    writeFileSync(mapA, ring(6));
    writeFileSync(mapB, ring(8));
    expect(await playAll()).toBe(4);
    expect(await playAll()).toBe(0);
    writeFileSync(mapA, ring(7)); // one more card on map A
    expect(await playAll()).toBe(2);
    // The key is the parsed map, not its bytes: layout and comments do not count.
    writeFileSync(mapA, `# the same map, written differently\nstarts: [0, 3]\ncards: 7\nedges: [${Array.from({ length: 7 }, (_, i) => `[${i}, ${(i + 1) % 7}]`).join(', ')}]\n`);
    expect(await playAll()).toBe(0);
  });
});
