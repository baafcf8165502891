/**
 * Issue #32, "study data out of the engines": game listeners (TAG's IGameListener) that studies
 * attach, instead of engine state kept only for studies (Ophidian kept `waveLog` and `plays` in
 * its state, copied into every observation, determinization and search node). A table names the
 * game's listeners it needs (match config `listeners`); the runner attaches those, and no others.
 */
import { describe, expect, it } from 'vitest';
import { applyListening, emit, listenersFor, recordTags, withListener } from '../../src/core/listeners.js';
import type { GameListener } from '../../src/core/game.js';
import { Rng } from '../../src/core/rng.js';
import { getGame } from '../../src/games/index.js';
import { UserError } from '../../src/core/errors.js';
import { playGame, prepareMatch, replayGame } from '../../src/sim/play.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { playDecks, OPH_LISTENERS } from '../../experiments/ophidian/common.js';

const ophidian = getGame('ophidian');
const heard = (log: string[]): GameListener => ({ onEvent: (e, _s, d) => void log.push(`${e}:${d}`), tags: () => ({ heard: log.length }) });

describe('game listeners', () => {
  it('hear only what is emitted while they listen, nested listeners restoring the outer one', () => {
    const outer: string[] = [];
    const inner: string[] = [];
    emit('nobody', null, 1);
    withListener(heard(outer), () => {
      emit('a', null, 1);
      withListener(heard(inner), () => emit('b', null, 2));
      emit('c', null, 3);
    });
    emit('nobody', null, 4);
    expect(outer).toEqual(['a:1', 'c:3']);
    expect(inner).toEqual(['b:2']);
  });

  it("Ophidian's state keeps no study data; the recorded game's tags carry it from the listener", () => {
    const options = ophidian.optionsSchema.parse({ decks: ['abe', 'betty'] });
    const s = ophidian.setup(options, 3);
    // Only the game: the studies' logs are not in the state (nor, so, in observations or search nodes).
    expect(Object.keys(s)).not.toContain('waveLog');
    expect(Object.keys(s)).not.toContain('plays');
    const record = replayGame({ gameId: 'ophidian', options: { decks: ['abe', 'betty'] }, agents: ['heuristic'], games: 1, seed: 3, listeners: ['waves', 'played'] }, 0, () => {});
    expect(record.error).toBeUndefined();
    const waves = record.tags['waves'] as number[];
    const played = record.tags['played'] as string[];
    // "each finished Wave in turn, at its Breather: VP per seat, then Cheer per seat" (tagsSchema).
    expect(waves.length % 4).toBe(0);
    expect(waves.length).toBeGreaterThan(0);
    expect(played.length).toBeGreaterThan(0);
    for (const p of played) expect(p).toMatch(/^[a-z0-9-]+:\d+:\d+$/);
  });

  it('a search applying moves with nobody listening adds nothing to a listener', () => {
    const options = ophidian.optionsSchema.parse({ decks: ['abe', 'betty'] });
    const listener = listenersFor(ophidian, ['waves', 'played']);
    const quiet = listenersFor(ophidian, ['waves', 'played'])!;
    let s = ophidian.setup(options, 5);
    let t = s;
    const rng = new Rng(5);
    while (!ophidian.isTerminal(s)) {
      const legal = ophidian.legalActions(s, ophidian.toMove(s)[0]!);
      const move = [legal[rng.int(legal.length)]];
      s = applyListening(ophidian, s, move, listener);
      t = ophidian.apply(t, move); // the same line, unheard
    }
    expect(t).toEqual(s);
    expect((recordTags(ophidian, s, listener)['waves'] as number[]).length).toBeGreaterThan(0);
    expect(quiet.tags(s)).toEqual({ waves: [], played: [] });
    expect(recordTags(ophidian, s, null)).not.toHaveProperty('waves');
  });
});

describe('a study chooses its own listeners', () => {
  const config = { gameId: 'ophidian', options: { decks: ['abe', 'betty'] }, agents: ['heuristic'], games: 1, seed: 3 };

  it('the runner attaches exactly the listeners a table names: none gives neither tag, one gives its own', () => {
    const none = playGame(config, 0).tags;
    expect(none).not.toHaveProperty('waves');
    expect(none).not.toHaveProperty('played');
    const waves = playGame({ ...config, listeners: ['waves'] }, 0).tags;
    expect((waves['waves'] as number[]).length).toBeGreaterThan(0);
    expect(waves).not.toHaveProperty('played');
    // The same game either way: listening changes no move.
    const both = playGame({ ...config, listeners: ['waves', 'played'] }, 0);
    expect(both.tags['waves']).toEqual(waves['waves']);
    expect({ ...both.tags, waves: undefined, played: undefined }).toEqual({ ...none, waves: undefined, played: undefined });
  });

  it('a listener the game does not declare is one line naming the allowed ones, before any game', () => {
    expect(() => prepareMatch({ ...config, listeners: ['wave'] })).toThrow(UserError);
    expect(() => prepareMatch({ ...config, listeners: ['wave'] })).toThrow(/^match config: listeners has "wave"; allowed: waves, played$/);
    expect(() => prepareMatch({ ...config, gameId: 'gladiator-duel', options: {}, listeners: ['waves'] })).toThrow(/allowed: none \(gladiator-duel declares no listeners\)$/);
    expect(() => prepareMatch({ ...config, listeners: 'waves' as never })).toThrow(/^match config: listeners is "waves"; allowed: a list/);
  });

  it("Ophidian's study tables attach both (experiments/ophidian/common.ts), through worker threads and the run folder", async () => {
    expect(OPH_LISTENERS).toEqual(['waves', 'played']);
    const runDir = mkdtempSync(join(tmpdir(), 'crucible-listeners-'));
    try {
      const ctx = { seed: 'listen', full: false, workers: 2, runDir, command: 'test', progress: false };
      const played = await playDecks(ctx, 'abe-v-betty', 'abe', 'betty', 2, ['heuristic', 'heuristic']);
      expect(played.length).toBe(2);
      for (const r of played) {
        expect((r.tags['waves'] as number[]).length).toBeGreaterThan(0);
        expect((r.tags['played'] as string[]).length).toBeGreaterThan(0);
      }
      // A rerun reads the games back from the run folder, tags and all.
      expect(await playDecks({ ...ctx, workers: 1 }, 'abe-v-betty', 'abe', 'betty', 2, ['heuristic', 'heuristic'])).toEqual(played);
    } finally {
      rmSync(runDir, { recursive: true, force: true });
    }
  });
});
