/**
 * What a danfojs group-by costs against a plain Map, at the size of a large study table
 * (200,000 rows, 19 groups, as dark-hero-builds' hero rows at full size and more), and
 * what importing danfojs costs. The README's library table quotes these numbers.
 *
 *   node --import tsx bench/frames-groupby.ts
 */
import { groupMeans } from '../src/analysis/table.js';

// table.ts loads danfojs on its first operation: time that first call on one row.
const importStart = performance.now();
groupMeans([{ build: 'B0', share: 1 }], ['build'], 'share');
console.log(`load danfojs (first call of src/analysis/table.ts): ${(performance.now() - importStart).toFixed(0)} ms`);

const rows: { build: string; share: number }[] = [];
for (let i = 0; i < 200_000; i++) rows.push({ build: `B${i % 19}`, share: (i * 7919) % 3 === 0 ? 1 : 0 });
for (let rep = 0; rep < 3; rep++) {
  let t = performance.now();
  groupMeans(rows, ['build'], 'share');
  const frame = performance.now() - t;
  t = performance.now();
  const m = new Map<string, [number, number]>();
  for (const r of rows) {
    const e = m.get(r.build) ?? [0, 0];
    e[0] += r.share;
    e[1]++;
    m.set(r.build, e);
  }
  const plain = performance.now() - t;
  console.log(`200,000 rows, 19 groups: danfojs groupMeans ${frame.toFixed(0)} ms, plain Map ${plain.toFixed(1)} ms`);
}
