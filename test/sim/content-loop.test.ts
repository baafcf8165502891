/**
 * The designer's content loop: run study tables with a power file, edit one power and
 * rerun. Only the table that plays the edited power gets a new run folder and plays
 * its games; the other table resumes from its folder with nothing to play.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { relevantCustomPowers } from '../../experiments/rumble/common.js';
import type { AnyGame } from '../../src/core/game.js';
import { getGame } from '../../src/games/index.js';
import { runMatch } from '../../src/sim/runner.js';
import type { MatchConfig } from '../../src/sim/types.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'crucible-loop-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const power = (id: string, add: number) => ({ id, name: id, effects: [{ when: 'static', do: [{ defense: { add } }] }] });

/** A fixed 2-hero table: hero 0 holds `id`, the user's whole file is offered as customPowers. */
function table(id: string, file: readonly object[]): MatchConfig {
  const fixed = [
    { energy: 100, powers: [{ id, strength: 0 }] },
    { energy: 100, powers: [] },
  ];
  return { gameId: 'rumble', options: relevantCustomPowers({ players: 2, fixed, customPowers: file, roundCap: 20 }), agents: ['random'], games: 4, seed: 1, rotate: false };
}

describe('edit a power file and rerun', () => {
  it('replays only the table whose power changed', async () => {
    const runs = path.join(root, 'runs');
    const v1 = [power('iron-hide', 2), power('glass-hide', 1)];
    const first = await Promise.all(['iron-hide', 'glass-hide'].map((id) => runMatch(table(id, v1), { runsDir: runs, runName: id })));
    const v2 = [power('iron-hide', 2), power('glass-hide', 4)]; // the designer edits glass-hide
    let setups = 0;
    const counting = (id: string): AnyGame => {
      const game = getGame(id);
      return { ...game, setup: (o: never, seed: number) => (setups++, game.setup(o, seed)) } as AnyGame;
    };
    const again = [await runMatch(table('iron-hide', v2), { runsDir: runs, runName: 'iron-hide', resolveGame: counting })];
    expect(setups).toBe(1); // the trial setup only: no game of the unchanged table is played again
    again.push(await runMatch(table('glass-hide', v2), { runsDir: runs, runName: 'glass-hide', resolveGame: counting }));
    expect(setups).toBe(1 + 1 + 4);
    // iron-hide: same folder, same games; glass-hide: a new folder.
    expect(again[0]!.outDir).toBe(first[0]!.outDir);
    expect(again[1]!.outDir).not.toBe(first[1]!.outDir);
    expect(fs.readdirSync(runs).sort()).toEqual([path.basename(first[0]!.outDir!), path.basename(first[1]!.outDir!), path.basename(again[1]!.outDir!)].sort());
    expect(again[0]!.records).toEqual(first[0]!.records);
    // The table's options hold only its own power's entry.
    expect((table('iron-hide', v2).options['customPowers'] as { id: string }[]).map((p) => p.id)).toEqual(['iron-hide']);
  });
});
