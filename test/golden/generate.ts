/**
 * Writes or checks the golden playthroughs (test/golden/README.md):
 *
 *   npm run golden                 checks every file, printing which differ (exit 1 if any)
 *   npm run golden -- --update     rewrites every file from today's code
 *   npm run golden -- --update rumble-2 ophidian    rewrites only those files
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GOLDEN_CASES, playthrough } from './playthrough.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const update = args.includes('--update');
const names = args.filter((a) => !a.startsWith('--'));
const unknown = names.filter((n) => !GOLDEN_CASES.some((c) => c.name === n));
if (unknown.length > 0) {
  console.error(`golden: file ${JSON.stringify(unknown[0])} is unknown; allowed: ${GOLDEN_CASES.map((c) => c.name).join(', ')}`);
  process.exit(2);
}
let differ = 0;
for (const c of GOLDEN_CASES) {
  if (names.length > 0 && !names.includes(c.name)) continue;
  const file = path.join(here, `${c.name}.txt`);
  const text = playthrough(c);
  const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (old === text) {
    console.log(`${c.name}.txt: unchanged (${(text.length / 1024).toFixed(1)} KB)`);
    continue;
  }
  differ++;
  if (update) {
    fs.writeFileSync(file, text);
    console.log(`${c.name}.txt: ${old === null ? 'written' : 'updated'} (${(text.length / 1024).toFixed(1)} KB) — review it with git diff before committing`);
  } else console.log(`${c.name}.txt: ${old === null ? 'missing' : 'differs from today\'s play'} (see the diff with npx vitest run test/golden)`);
}
if (differ > 0 && !update) process.exit(1);
