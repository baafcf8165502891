/**
 * Issue #32, "study data out of the engines": the Energy lost in Rumble's rounds (the cap
 * report's "no Energy lost", issue #27) is gathered by the game's `energyLost` listener, not
 * kept in the state (it was `s.lost`, copied into every observation, determinization and
 * search node). Every Rumble study table attaches it; plain play records it only when asked.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rumble, rumbleOptions } from '../../../src/games/rumble/index.js';
import { playGame } from '../../../src/sim/play.js';
import { playTable } from '../../../experiments/rumble/common.js';
import { NOTHING_HAPPENED } from '../../../experiments/cap-report.js';

const config = { gameId: 'rumble', options: { players: 3 }, agents: ['random'], games: 1, seed: 4 };

describe("Rumble's energyLost listener", () => {
  it('the state keeps no count of Energy lost; the game\'s own tags carry none', () => {
    const s = rumble.setup(rumbleOptions({ players: 3 }), 4);
    expect(Object.keys(s)).not.toContain('lost');
    expect(playGame(config, 0).tags).not.toHaveProperty('energyLost');
  });

  it('a table that names it records the Energy lost in the rounds; listening changes no move', () => {
    const heard = playGame({ ...config, listeners: ['energyLost'] }, 0);
    const plain = playGame(config, 0);
    // Random play at 100 Energy: heroes lose Energy (the game ended, not at the cap).
    expect(heard.tags['endReason']).not.toBe('cap');
    expect(heard.tags['energyLost']).toBeGreaterThan(0);
    expect({ ...heard, tags: { ...heard.tags, energyLost: undefined } }).toEqual({ ...plain, tags: { ...plain.tags, energyLost: undefined } });
  });

  it('every Rumble study table attaches it (the cap report reads it: experiments/cap-report.ts)', async () => {
    expect(NOTHING_HAPPENED['rumble']!.listeners).toEqual(['energyLost']);
    const runDir = mkdtempSync(join(tmpdir(), 'crucible-rumble-listener-'));
    try {
      const ctx = { seed: 'listen', full: false, workers: 1, runDir, command: 'test', progress: false };
      const records = await playTable(ctx, 'three-random', { players: 3 }, 2, ['random']);
      expect(records).toHaveLength(2);
      for (const r of records) expect(typeof r.tags['energyLost']).toBe('number');
      expect(NOTHING_HAPPENED['rumble']!.test(records[0]!)).toBe(records[0]!.tags['energyLost'] === 0);
    } finally {
      rmSync(runDir, { recursive: true, force: true });
    }
  });
});
