import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { crucibleInProcess as crucible } from '../../cli/helpers.js';

describe('crucible build <file>', () => {
  it('prints the card of every sample hero', async () => {
    const r = await crucible(['build', 'src/games/superhero-gladiators/heroes/samples.yaml']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Lightning Lass (sample hero)');
    expect(r.stdout).toContain('combat modifier 13 (2 x DEX + STR)   Oomph maximum 27 (STR x SIZ x 3)   movement rate 15 (DEX x SIZ)');
    expect(r.stdout.match(/ of 200 points /g)?.length).toBeGreaterThanOrEqual(8);
  });

  it('rejects an illegal hero with one line naming hero, field, value and rule, exit 2', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shg-'));
    const file = path.join(dir, 'twice.yaml');
    fs.writeFileSync(file, 'name: Twice\nSTR: 4\nDEX: 4\nSIZ: 4\nPER: 3\npowers:\n  - {type: flight, level: 1, uses: 2}\n  - {type: flight, level: 2, uses: 1}\n');
    const r = await crucible(['build', file]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`error: hero file ${file}: hero "Twice": powers[1].type is "flight"; allowed: each power type once\n`);
  });

  it('study --hero-file: an illegal or sample-named hero stops the study before any game, one line, exit 2', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shg-'));
    const file = path.join(dir, 'amazon.yaml');
    fs.writeFileSync(file, '- { name: Amazon, STR: 4, DEX: 4, SIZ: 4, PER: 3 }\n');
    const r = await crucible(['study', 'superhero-gladiators-costs', '--hero-file', file, '--out', dir, '--runs', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`error: hero file ${file}: hero "Amazon": field name is "Amazon"; allowed: a name no sample hero has\n`);
    expect(fs.readdirSync(dir)).toEqual(['amazon.yaml']);
  });
});
