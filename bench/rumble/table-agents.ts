/**
 * Which agent should play the Rumble price studies' tables? For each candidate spec:
 * its cost per game (CPU seconds on one core), how often its self-play games end at
 * the round cap on the studies' own tables, and its strength against uniform-random
 * play (one candidate, the rest random, seats rotating) and, optionally, against a
 * reference spec. Numbers go to stdout as one JSON line per measurement plus a table.
 *
 *   node --import tsx bench/rumble/table-agents.ts [--n 20] [--strength 80] [--specs a;b;c] [--ref spec]
 *
 * Specs are separated by ';' (they contain commas). Every measurement is seeded; the
 * timings are CPU time of this process (workers 1, in-process) and swing with the load.
 */
import { runMatch } from '../../src/sim/runner.js';
import { fixedTable } from '../../experiments/rumble/common.js';
import { wilson } from '../../src/core/wilson.js';
import type { GameRecord } from '../../src/sim/types.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const n = Number(arg('n', '20'));
const strengthN = Number(arg('strength', '80'));
const specs = arg('specs', 'random;heuristic;mcts:iterations=50,rollout=evaluate,plies=1;mcts:iterations=200,rollout=evaluate,plies=1').split(';');
const ref = arg('ref', '');
const parts = arg('parts', 'cap,strength').split(',');

/** The tables the studies play: a power-values point (hero 0 holds a power) and an auction game. */
const TABLES: Record<string, Record<string, unknown>> = {
  '4p-tough-skin': fixedTable(4, ['tough-skin'], 100),
  '2p-tough-skin': fixedTable(2, ['tough-skin'], 100),
  '4p-combat-training-x20': fixedTable(4, ['combat-training'], 80),
  '4p-auction': { players: 4 },
};

async function timed(config: Parameters<typeof runMatch>[0]): Promise<{ records: GameRecord[]; cpu: number }> {
  const before = process.cpuUsage();
  const { records } = await runMatch(config, { workers: 1, progress: false });
  const used = process.cpuUsage(before);
  return { records, cpu: (used.user + used.system) / 1e6 };
}

const capped = (rs: readonly GameRecord[]) => rs.filter((r) => r.tags['endReason'] === 'cap').length;
const rounds = (rs: readonly GameRecord[]) => rs.reduce((a, r) => a + Number(r.tags['turns'] ?? 0), 0) / Math.max(1, rs.length);
const fmt = (x: number) => x.toFixed(3);

for (const spec of specs) {
  if (parts.includes('cap')) {
    for (const [name, options] of Object.entries(TABLES)) {
      const { records, cpu } = await timed({ gameId: 'rumble', options, agents: [spec], games: n, seed: `table-agents-${name}`, rotate: false });
      const c = capped(records);
      const w = wilson(c, records.length);
      const line = { part: 'self-play', spec, table: name, games: records.length, capped: c, capShare: w.p, capLo: w.lo, capHi: w.hi, meanRounds: rounds(records), cpuPerGame: cpu / records.length, holderShare: records.reduce((a, r) => a + r.returns[0]!, 0) / records.length };
      console.log(JSON.stringify(line));
    }
  }
  if (parts.includes('strength') && spec !== 'random') {
    const dealt = { players: 4, fixed: ['tough-skin', 'combat-training', 'regeneration', 'flight'].map((id) => ({ energy: 100, powers: [{ id, strength: 0 }] })) };
    for (const [name, options, opp] of [
      ['4p-no-powers', { players: 4, fixed: Array.from({ length: 4 }, () => ({ energy: 100, powers: [] })) }, 'random'],
      ['4p-powers-dealt', dealt, 'random'],
      ...(ref ? [['4p-powers-dealt-vs-ref', dealt, ref] as const, ['4p-no-powers-vs-ref', { players: 4, fixed: Array.from({ length: 4 }, () => ({ energy: 100, powers: [] })) }, ref] as const] : []),
    ] as const) {
      const players = 4;
      void players;
      const { records, cpu } = await timed({ gameId: 'rumble', options, agents: [spec, opp, opp, opp], games: strengthN, seed: `table-agents-strength-${name}`, rotate: true });
      // Slot 0's seat in each game, from the record.
      const wins = records.reduce((a, r) => a + r.returns[r.slots.indexOf(0)]!, 0);
      const w = wilson(wins, records.length);
      console.log(JSON.stringify({ part: 'strength', spec, vs: opp, table: name, games: records.length, share: w.p, lo: w.lo, hi: w.hi, fair: 1 / players, capped: capped(records), cpuPerGame: cpu / records.length }));
      console.error(`${spec} vs 3x ${opp} (${name}): ${fmt(w.p)} [${fmt(w.lo)}, ${fmt(w.hi)}] n=${records.length}, cap ${capped(records)}, ${fmt(cpu / records.length)} s/game`);
    }
  }
}
