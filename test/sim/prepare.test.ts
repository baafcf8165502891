/**
 * A configuration that cannot set up a game is refused before the run starts, as one
 * UserError line naming what is wrong (issue: "4 games: 0 completed, 4 failed" with
 * exit 0 for a bad Rumble fixed list or a broken Dark Hero map file).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { prepareMatch } from '../../src/sim/play.js';
import { runMatch } from '../../src/sim/runner.js';
import type { MatchConfig } from '../../src/sim/types.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crucible-prepare-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function mapFile(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

function refusal(config: MatchConfig): string {
  try {
    prepareMatch(config);
  } catch (err) {
    expect(err).toBeInstanceOf(UserError);
    const message = (err as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error(`accepted: ${JSON.stringify(config.options)}`);
}

const darkHero = (file: string, extra: Record<string, unknown> = {}): MatchConfig => ({
  gameId: 'dark-hero',
  options: { players: 2, map: { layout: 'file', file }, ...extra },
  agents: ['random'],
  games: 4,
  seed: 1,
});

describe('a Dark Hero map file that cannot make a game is refused before the run', () => {
  const cases: [string, string, RegExp][] = [
    ['disconnected', '{"cards":4,"edges":[[0,1],[2,3]],"starts":[0,1]}', /card 2 is not connected to card 0/],
    ['too few starts', '{"cards":3,"edges":[[0,1],[1,2]],"starts":[0]}', /field starts is \[0\]; allowed: >= 2 items/],
    ['start out of range', '{"cards":3,"edges":[[0,1],[1,2]],"starts":[0,7]}', /starts\.1 is 7; allowed: card indices 0\.\.2/],
    ['self-loop', '{"cards":3,"edges":[[0,1],[1,1],[1,2]],"starts":[0,2]}', /edges\.1 is \[1,1\]; allowed: two different cards/],
    ['duplicate starts', '{"cards":3,"edges":[[0,1],[1,2]],"starts":[2,2]}', /starts\.1 is 2 \(used twice\)/],
    ['bad YAML', 'cards: [1, 2\nedges: {', /not valid JSON or YAML/],
  ];
  for (const [name, text, pattern] of cases) {
    it(name, () => {
      expect(refusal(darkHero(mapFile(`${name.replace(/\W/g, '-')}.json`, text)))).toMatch(pattern);
    });
  }
  it('missing file', () => {
    expect(refusal(darkHero(path.join(dir, 'nowhere.yaml')))).toMatch(/dark-hero options: map\.file is ".*nowhere\.yaml": cannot read the file \(ENOENT\)/);
  });
  it('a sound map file is accepted', () => {
    expect(() => prepareMatch(darkHero(mapFile('good.json', '{"cards":3,"edges":[[0,1],[1,2]],"starts":[0,2]}')))).not.toThrow();
  });
});

describe('Rumble setups that name what does not exist are refused before the run', () => {
  const rumble = (options: Record<string, unknown>): MatchConfig => ({ gameId: 'rumble', options, agents: ['random'], games: 4, seed: 1 });
  it('a fixed list with the wrong hero count', () => {
    expect(refusal(rumble({ players: 3, fixed: [{ energy: 100, powers: [] }] }))).toMatch(/fixed has 1 heroes; allowed: exactly players \(3\)/);
  });
  it('an unknown power id in fixed, auction.list and auction.from', () => {
    const fixed = [{ energy: 100, powers: [{ id: 'nope' }] }, { energy: 100, powers: [] }];
    expect(refusal(rumble({ players: 2, fixed }))).toMatch(/fixed\.0\.powers\.0\.id: unknown power `nope`/);
    expect(refusal(rumble({ auction: { pool: 'list', list: ['zzz'] } }))).toMatch(/auction\.list\.0: unknown power `zzz`/);
    expect(refusal(rumble({ auction: { from: ['zzz'] } }))).toMatch(/auction\.from\.0: unknown power `zzz`/);
  });
  it('runMatch refuses before writing a run folder', async () => {
    const out = path.join(dir, 'rumble-run');
    await expect(runMatch(rumble({ players: 2, fixed: [{ energy: 100, powers: [{ id: 'nope' }] }, { energy: 100, powers: [] }] }), { outDir: out })).rejects.toThrow(UserError);
    expect(fs.existsSync(path.join(out, 'games.jsonl'))).toBe(false);
  });
});

describe('options and specs that used to be read silently', () => {
  it('Dark Hero players given together with a heroes list of another length', () => {
    const heroes = [
      { goal: 'free', fighting: 1, infiltrating: 1, aces: 0, resources: 2 },
      { goal: 'safe', fighting: 1, infiltrating: 1, aces: 0, resources: 2 },
    ];
    expect(refusal({ gameId: 'dark-hero', options: { players: 3, heroes }, agents: ['random'], games: 2, seed: 1 })).toMatch(
      /players is 3 with 2 heroes listed; allowed: players or heroes, not both/,
    );
    expect(prepareMatch({ gameId: 'dark-hero', options: { heroes }, agents: ['random'], games: 2, seed: 1 }).players).toBe(2);
    expect(prepareMatch({ gameId: 'dark-hero', options: {}, agents: ['random'], games: 2, seed: 1 }).players).toBe(4);
  });
  it('an agent parameter written in hex, binary or octal, or left empty', () => {
    const duel = (agent: string): MatchConfig => ({ gameId: 'gladiator-duel', options: {}, agents: [agent], games: 2, seed: 1 });
    expect(refusal(duel('mcts:iterations=0x10'))).toMatch(/parameter "iterations" is "0x10"; allowed: a decimal number/);
    expect(refusal(duel('mcts:iterations=0b11'))).toMatch(/"0b11"; allowed: a decimal number/);
    expect(refusal(duel('flatmc:depth='))).toMatch(/parameter "depth" has no value/);
    expect(refusal(duel('mcts:iters=16'))).toMatch(/unknown parameter "iters"/);
    expect(() => prepareMatch(duel('mcts:iterations=16'))).not.toThrow();
  });
  it('more games than a run may hold', () => {
    expect(refusal({ gameId: 'gladiator-duel', options: {}, agents: ['random'], games: 1_000_000_000_000, seed: 1 })).toMatch(
      /games is 1000000000000; allowed: 1 to 10,000,000 games per run/,
    );
  });
  it('more worker threads than the machine can use', async () => {
    await expect(runMatch({ gameId: 'gladiator-duel', options: {}, agents: ['random'], games: 4, seed: 1 }, { workers: 1000 })).rejects.toThrow(
      /workers is 1000; allowed: 1 to \d+ \(the cores of this machine/,
    );
  });
});
