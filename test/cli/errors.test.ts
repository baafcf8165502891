/**
 * Bad command lines exit 2 with one line on stderr naming the argument, the value and
 * what is allowed, and no stack trace.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crucible, crucibleInProcess } from './helpers.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crucible-cli-'));
const badJsonFile = path.join(dir, 'bad.json');
fs.writeFileSync(badJsonFile, '{"turnCap": 5,,}');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const cases: [string, string[], RegExp][] = [
  ['unknown game', ['play', 'nosuch'], /unknown game "nosuch"; allowed: .*gladiator-duel/],
  // Every registered game has an encoder now (ophidian was the last), so `train <game>` with no encoder cannot be reached from the CLI; a bad expert can.
  ['train with an expert that is not a search', ['train', 'ophidian', '--expert', 'random'], /--expert is "random"; allowed: an mcts spec/],
  ['train with a batch= expert (self-play threads score leaves one at a time)', ['train', 'gladiator-duel', '--expert', 'mcts:prior=net:model=models/gladiator-duel,batch=16'], /--expert is ".*batch=16"; allowed: a spec without batch=/],
  ['batch= on a game where players move at once', ['play', 'rumble', '--agents', 'mcts:prior=net:model=models/rumble,batch=16'], /batch=16 searches games where one player moves at a time, and rumble has moves made at once; allowed: mcts:prior=net,sm=puct without batch/],
  ['a model of another game', ['play', 'dark-hero', '--agents', 'net:model=models/gladiator-duel'], /model models\/gladiator-duel was trained for game gladiator-duel, not dark-hero/],
  ['unknown agent kind', ['play', 'gladiator-duel', '--agents', 'random,wizard'], /agent spec "wizard": unknown agent kind "wizard"; allowed: .*random/],
  ['unknown agent parameter', ['play', 'gladiator-duel', '--agents', 'mcts:iters=3'], /"mcts:iters=3": unknown parameter "iters".*allowed: .*iterations/],
  ['unknown option field', ['play', 'gladiator-duel', '--options', '{"turnCapp": 3}'], /unknown field "turnCapp"/],
  ['zero games', ['play', 'gladiator-duel', '--games', '0'], /--games is "0"; allowed: a positive integer/],
  ['fractional workers', ['play', 'gladiator-duel', '--workers', '1.5'], /--workers is "1.5"; allowed: a positive integer/],
  ['unreadable options file', ['play', 'gladiator-duel', '--options', path.join(dir, 'missing.json')], /--options is ".*missing.json": cannot read the file \(ENOENT\)/],
  ['invalid options file', ['play', 'gladiator-duel', '--options', badJsonFile], /--options file ".*bad.json" is not valid JSON/],
  ['bad inline JSON', ['play', 'gladiator-duel', '--options', '{turnCap: 3'], /--options is "\{turnCap: 3": not valid JSON/],
  ['unknown flag', ['play', 'gladiator-duel', '--frob'], /unknown option '--frob'/],
  ['agent parameter in hex', ['play', 'gladiator-duel', '--agents', 'mcts:iterations=0x10'], /"mcts:iterations=0x10": parameter "iterations" is "0x10"; allowed: a decimal number/],
  ['too many games', ['play', 'gladiator-duel', '--games', '1000000000000'], /--games is 1000000000000; allowed: 1 to 10,000,000 games per run/],
  ['too many workers', ['play', 'gladiator-duel', '--workers', '1000'], /--workers is 1000; allowed: 1 to \d+ \(the cores of this machine/],
  ['study: --skill-agents without --skill', ['study', 'gladiator-duel-matchups', '--skill-agents', 'heuristic'], /--skill-agents is given without --skill; allowed: --skill --skill-agents <specs>, or neither/],
  ['study: transfer without a net', ['study', 'gladiator-duel-matchups', '--skill', '--skill-agents', 'mcts:prior=heuristic,transfer=1'], /transfer is given but prior is heuristic and value is rollout; allowed: transfer only with prior=net or value=net/],
  ['study agents: wrong count', ['study', 'dark-hero-fairness', '--agents', 'heuristic,random'], /--agents has 2 specs for study dark-hero-fairness; allowed: 1 spec \(it plays every seat\)/],
];

describe('crucible: bad arguments', () => {
  // In this process through the CLI's entry point (main), as the binary runs it: each
  // spawned node + tsx costs seconds on a shared 2-core machine. One case below goes
  // through the real binary to show the same line and exit code reach the shell.
  it.each(cases)('%s: exits 2 with one line naming the argument, the value and what is allowed', async (_name, args, pattern) => {
    const result = await crucibleInProcess([...args, '--out', path.join(dir, 'run')]);
    expect(result.code).toBe(2);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(pattern);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(fs.existsSync(path.join(dir, 'run', 'games.jsonl'))).toBe(false);
  });

  it('the real binary prints the same one line and exits 2', async () => {
    const [, args, pattern] = cases.find(([name]) => name === 'agent parameter in hex')!;
    const result = await crucible([...args, '--out', path.join(dir, 'run')]);
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(pattern);
    expect(fs.existsSync(path.join(dir, 'run', 'games.jsonl'))).toBe(false);
  });
});
