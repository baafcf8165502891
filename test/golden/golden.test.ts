/**
 * Replays every golden playthrough (test/golden/*.txt) and compares it with the file: any
 * change in a game's behaviour — its rules, its menus, its descriptions, its heuristic —
 * fails here with the first lines that differ. To accept a change on purpose, regenerate
 * (`npm run golden -- --update`) and commit the diff; see README.md beside this file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GOLDEN_CASES, playthrough } from './playthrough.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The first differing line of two texts, with a few lines of context from each. */
function firstDifference(expected: string, actual: string): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 3);
  const show = (lines: string[], sign: string) => lines.slice(from, i + 4).map((l, k) => `${from + k === i ? sign : ' '} ${from + k + 1}: ${l}`).join('\n');
  return `first difference at line ${i + 1}\nin the golden file:\n${show(a, '-')}\ntoday's play:\n${show(b, '+')}\n(accept on purpose: npm run golden -- --update, then review and commit the diff)`;
}

describe('golden playthroughs replay exactly', () => {
  for (const c of GOLDEN_CASES)
    it(c.name, () => {
      const file = path.join(here, `${c.name}.txt`);
      expect(fs.existsSync(file), `${c.name}.txt is missing: npm run golden -- --update`).toBe(true);
      const expected = fs.readFileSync(file, 'utf8');
      const actual = playthrough(c);
      if (actual !== expected) expect.fail(`${c.name}.txt: ${firstDifference(expected, actual)}`);
    });
});
