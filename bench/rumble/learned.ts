/**
 * One agent against three Rumble heuristics (4 heroes, the default auction, seats
 * rotating): its win share with a 95% Wilson interval (fair 0.25), and how it bids —
 * powers bought and Energy paid per game, and its share in games where it bought a
 * power — beside the same figures for the heuristic seats of the same games.
 *
 *   node --import tsx bench/rumble/learned.ts [--n 120] [--seed rl] [--workers 1] --specs 'a;b;c'
 *
 * Specs are separated by ';' (they contain commas). One JSON line per spec on stdout, a
 * readable line on stderr. Failed games are counted and named, never dropped silently.
 */
import { runMatch } from '../../src/sim/runner.js';
import { wilson } from '../../src/core/wilson.js';
import type { GameRecord } from '../../src/sim/types.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const n = Number(arg('n', '120'));
const seed = arg('seed', 'rl');
const workers = Number(arg('workers', '1'));
const specs = arg('specs', 'heuristic').split(';');
const fmt = (x: number) => x.toFixed(3);

/** Bidding figures of the seats `seatOf(record)` picks (one or several per game). */
function bidding(records: readonly GameRecord[], seatsOf: (r: GameRecord) => number[]) {
  let seats = 0;
  let powers = 0;
  let paid = 0;
  let withPower = 0;
  let winsWithPower = 0;
  let winsWithout = 0;
  for (const r of records) {
    for (const seat of seatsOf(r)) {
      seats++;
      const bought = (r.tags[`strengths_p${seat}`] as number[] | undefined)?.filter((x) => x > 0).length ?? 0;
      powers += bought;
      paid += Number(r.tags[`paid_p${seat}`] ?? 0);
      if (bought > 0) {
        withPower++;
        winsWithPower += r.returns[seat]!;
      } else winsWithout += r.returns[seat]!;
    }
  }
  const w = wilson(winsWithPower, withPower);
  const wo = wilson(winsWithout, seats - withPower);
  return {
    seats,
    powersPerGame: powers / Math.max(1, seats),
    paidPerGame: paid / Math.max(1, seats),
    boughtShare: withPower / Math.max(1, seats),
    shareWithPower: { p: w.p, lo: w.lo, hi: w.hi, n: withPower },
    shareWithout: { p: wo.p, lo: wo.lo, hi: wo.hi, n: seats - withPower },
  };
}

for (const spec of specs) {
  const { records: all } = await runMatch(
    { gameId: 'rumble', options: { players: 4 }, agents: [spec, 'heuristic', 'heuristic', 'heuristic'], games: n, seed, rotate: true },
    { workers, progress: false },
  );
  const failures = all.filter((r) => r.error !== undefined);
  const records = all.filter((r) => r.error === undefined);
  for (const f of failures) console.error(`failed game ${f.index}: ${f.error}`);
  const mine = (r: GameRecord) => [r.slots.indexOf(0)];
  const theirs = (r: GameRecord) => r.slots.map((slot, seat) => (slot === 0 ? -1 : seat)).filter((s) => s >= 0);
  const wins = records.reduce((a, r) => a + r.returns[r.slots.indexOf(0)]!, 0);
  const w = wilson(wins, records.length);
  const capped = records.filter((r) => r.tags['endReason'] === 'cap').length;
  // The round cap (an engine option, not the seed's rule) decides capped games by Energy:
  // the share in games that ended by elimination says whether the edge holds without it.
  const ended = records.filter((r) => r.tags['endReason'] !== 'cap');
  const we = wilson(ended.reduce((a, r) => a + r.returns[r.slots.indexOf(0)]!, 0), ended.length);
  const wc = wilson(wins - ended.reduce((a, r) => a + r.returns[r.slots.indexOf(0)]!, 0), capped);
  const line = { spec, seed, games: records.length, failed: failures.length, share: w.p, lo: w.lo, hi: w.hi, fair: 0.25, capped, shareEnded: we, shareCapped: wc, agent: bidding(records, mine), heuristics: bidding(records, theirs) };
  console.log(JSON.stringify(line));
  const b = line.agent;
  const h = line.heuristics;
  console.error(
    `${spec}: ${fmt(w.p)} [${fmt(w.lo)}, ${fmt(w.hi)}] n=${records.length} (failed ${line.failed}, capped ${capped}; in games ended by elimination ${fmt(we.p)} [${fmt(we.lo)}, ${fmt(we.hi)}] n=${ended.length}, at the cap ${fmt(wc.p)} n=${capped}) | bids: powers/game ${fmt(b.powersPerGame)} (heur ${fmt(h.powersPerGame)}), paid ${b.paidPerGame.toFixed(1)} (heur ${h.paidPerGame.toFixed(1)}), share with a power ${fmt(b.shareWithPower.p)} [${fmt(b.shareWithPower.lo)}, ${fmt(b.shareWithPower.hi)}] n=${b.shareWithPower.n} (heur ${fmt(h.shareWithPower.p)} [${fmt(h.shareWithPower.lo)}, ${fmt(h.shareWithPower.hi)}] n=${h.shareWithPower.n}), without ${fmt(b.shareWithout.p)} n=${b.shareWithout.n} (heur ${fmt(h.shareWithout.p)} n=${h.shareWithout.n})`,
  );
}
