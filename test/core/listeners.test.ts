/**
 * Issue #32, "study data out of the engines": game listeners (TAG's IGameListener) that the
 * runner attaches, instead of engine state kept only for studies (Ophidian kept `waveLog`
 * and `plays` in its state, copied into every observation, determinization and search node).
 */
import { describe, expect, it } from 'vitest';
import { applyListening, emit, recordTags, withListener } from '../../src/core/listeners.js';
import type { GameListener } from '../../src/core/game.js';
import { Rng } from '../../src/core/rng.js';
import { getGame } from '../../src/games/index.js';
import { replayGame } from '../../src/sim/play.js';

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
    const record = replayGame({ gameId: 'ophidian', options: { decks: ['abe', 'betty'] }, agents: ['heuristic'], games: 1, seed: 3 }, 0, () => {});
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
    const listener = ophidian.listener!();
    const quiet = ophidian.listener!();
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
