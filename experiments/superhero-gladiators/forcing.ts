/**
 * Whose stall is it? The forcing-line probe of the Superhero Gladiators stalemate study
 * (issue #27). A stand-off under careful play is the GAME's when a side that declines the
 * fight can always keep out of reach, and the PLAYERS' when a chaser could force a blow and
 * the players do not. So the probe seats a chaser (the scripted `heuristic:probe=fight`, or
 * the tuned search) against `heuristic:probe=flee` (never strikes; every action stands on
 * the reachable cell farthest from the foe) and counts the fights in which the chaser
 * landed a blow after the opening — on a foe hero that had already had an action in the
 * fight, so a chance to step away (tag `blowsAfterOpening`, the game's `blows` listener;
 * a blow before the fleeing hero's first action is the placement's gift). Tables: the
 * sample mirrors (the default reading, the same build on both sides) and two stronger
 * builds chasing today's sample Amazon with its close attack one level lower (Amazon2,
 * agents/README.md): the sample Amazon (close attack 3 v 2) and AmazonL (Amazon2 with one
 * extra limb giving segment 6, 10 uses). The seed is the unit, as in the rest of the study.
 */
import type { ReportBlock, ReportVerdict } from '../../src/analysis/report-model.js';
import { clusterShare } from '../../src/analysis/stats/paired.js';
import { mdeText } from '../../src/analysis/stats/verdict.js';
import { endedAtCap } from '../../src/analysis/stats/quality.js';
import { SAMPLE_HEROES, type HeroSpec } from '../../src/games/superhero-gladiators/index.js';
import type { GameRecord } from '../../src/sim/types.js';
import { CapTally, NOTHING_HAPPENED } from '../cap-report.js';

/** The fleeing side's agent. */
export const FLEE = 'heuristic:probe=flee';

/** The probe's table groups: what the chaser has over the fleeing hero. */
export const FORCING_GROUPS = ['sample mirrors', 'stronger close attack', 'extra segment'] as const;
export type ForcingGroup = (typeof FORCING_GROUPS)[number];
/** The groups played under the default reading with no extra segment (where the issue asks whether a fleeing hero can be forced). */
const DEFAULT_READING: readonly ForcingGroup[] = ['sample mirrors', 'stronger close attack'];

/** Today's sample Amazon with its close attack one level lower (close attack 2, 174.1 points; agents/README.md). */
export function amazon2(): HeroSpec {
  const amazon = SAMPLE_HEROES.find((h) => h.name === 'Amazon')!;
  return { ...amazon, name: 'Amazon2', sample: false, powers: amazon.powers.map((p) => (p.type === 'close-attack' ? { ...p, level: 2 } : p)) };
}

/** Amazon2 with one extra limb giving segment 6, 10 uses (191.9 points): it acts on segments 1, 3, 5 and, ten times a fight, 6. */
export function amazonL(): HeroSpec {
  const base = amazon2();
  return { ...base, name: 'AmazonL', powers: [...base.powers, { type: 'extra-limbs', level: 1, uses: 10, enhancements: [], segments: [6], look: 'a second pair of arms' }] };
}

/** One table of the probe: the chaser's hero on side 0, the fleeing hero on side 1. */
export interface ForcingTable {
  readonly key: string;
  readonly label: string;
  readonly group: ForcingGroup;
  readonly options: Readonly<Record<string, unknown>>;
}

/** The probe's tables: the first `mirrors` sample mirrors (of the study's order), then the two stronger builds against Amazon2. */
export function forcingTables(pairings: readonly [string, string][], mirrors: number): ForcingTable[] {
  const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const same = pairings.filter(([a, b]) => a === b).slice(0, mirrors);
  return [
    ...same.map(([a]) => ({ key: `mirror-${slug(a)}`, label: `${a} chases ${a}`, group: 'sample mirrors' as const, options: { teams: [[a], [a]] } })),
    { key: 'amazon-v-amazon2', label: 'Amazon (close attack 3) chases Amazon2 (close attack 2)', group: 'stronger close attack', options: { heroes: [amazon2()], teams: [['Amazon'], ['Amazon2']] } },
    { key: 'amazonl-v-amazon2', label: 'AmazonL (Amazon2 + an extra limb on segment 6) chases Amazon2', group: 'extra segment', options: { heroes: [amazonL(), amazon2()], teams: [['AmazonL'], ['Amazon2']] } },
  ];
}

/** The chaser (side 0) landed a blow after the opening; undefined when the record lacks the tag. */
export function forcedBlow(r: GameRecord): boolean | undefined {
  const after = r.tags['blowsAfterOpening'];
  return Array.isArray(after) ? Number(after[0]) > 0 : undefined;
}

/** The records of one chaser on one probe table. */
export interface ForcingCell {
  readonly chaser: string;
  readonly table: string;
  readonly group: ForcingGroup;
  readonly records: readonly GameRecord[];
}

export interface ForcingShare {
  readonly fights: number;
  readonly forced: number;
  readonly capped: number;
  readonly p: number;
  readonly lo: number;
  readonly hi: number;
  readonly seeds: number;
}

/** Share of fights with a blow forced after the opening, interval over seeds (every table plays fight i on seed i). */
export function forcingShare(records: readonly GameRecord[], level = 0.95): ForcingShare {
  const bySeed = new Map<number, { n: number; hits: number }>();
  let forced = 0;
  let capped = 0;
  for (const r of records) {
    const f = forcedBlow(r) === true;
    if (f) forced++;
    if (endedAtCap(r)) capped++;
    const c = bySeed.get(r.seed) ?? { n: 0, hits: 0 };
    c.n++;
    if (f) c.hits++;
    bySeed.set(r.seed, c);
  }
  const s = clusterShare([...bySeed.values()], level);
  return { fights: records.length, forced, capped, p: s.p, lo: s.lo, hi: s.hi, seeds: s.clusters };
}

const f3 = (x: number): string => (Number.isFinite(x) ? x.toFixed(3) : '—');
const shareText = (s: ForcingShare): string => `${s.forced} of ${s.fights} fights, ${f3(s.p)} [${f3(s.lo)}, ${f3(s.hi)}]`;

const DEFINITION =
  "a blow after the opening = an attack by the chaser that took Oomph off the fleeing hero after that hero had had an action in the fight (so a chance to step out of reach); blows before its first action are the placement's gift";

/** Per table of a group: each chaser's share (95%) and whether a blow is shown forced at the family's Bonferroni level. */
function tablesOf(cells: readonly ForcingCell[], groups: readonly ForcingGroup[], family: number) {
  const level = 1 - 0.05 / Math.max(1, family);
  const labels = [...new Set(cells.filter((c) => groups.includes(c.group) && c.records.length > 0).map((c) => c.table))];
  return labels.map((table) => {
    const chasers = cells
      .filter((c) => c.table === table && c.records.length > 0)
      .map((c) => ({ chaser: c.chaser, share: forcingShare(c.records), strict: forcingShare(c.records, level) }));
    return { table, chasers, forcedBy: chasers.filter((c) => Number.isFinite(c.strict.lo) && c.strict.lo > 0) };
  });
}

/**
 * The forcing probe's verdicts: per table, whether a fleeing hero can be forced — under
 * the default reading (the sample mirrors, a close attack one level stronger) and with the
 * extra segment — and the tuned search's own stand-offs on the sample mirrors beside them
 * (whose stand-offs they are is the exploitation test's answer, exploit.ts: a forcing line
 * is not a winning deviation). "Can be forced" needs a blow after the opening shown above 0 at
 * Bonferroni over the probe's tables; "cannot be forced" needs every chaser's 95% upper bound
 * under 5%; anything else is "not shown", with the share it rules out. `standOffs`: per mirror
 * table (its label as the probe names it), the search's own fights there (both sides searched).
 */
export function forcingVerdicts(cells: readonly ForcingCell[], standOffs: ReadonlyMap<string, readonly GameRecord[]>, searchName = 'the tuned search'): ReportVerdict[] {
  const out: ReportVerdict[] = [];
  const family = new Set(cells.map((c) => c.table)).size;
  const chaserList = (xs: readonly { chaser: string; share: ForcingShare }[]) => xs.map((x) => `${x.chaser} ${shareText(x.share)}`).join(', ');
  const evidence = `${DEFINITION}; the chaser against \`${FLEE}\`; 95% intervals over seeds (every table plays fight i on seed i, a seed is one unit); "shown forced" = above 0 at Bonferroni over the ${family} probe tables`;

  const verdict = (groups: readonly ForcingGroup[], what: string) => {
    const rows = tablesOf(cells, groups, family);
    if (rows.length === 0) return;
    const forced = rows.filter((r) => r.forcedBy.length > 0);
    const open = rows.filter((r) => r.forcedBy.length === 0);
    const maxHi = Math.max(...open.flatMap((r) => r.chasers.map((c) => c.share.hi)));
    const widest = open.flatMap((r) => r.chasers).reduce<{ share: ForcingShare } | null>((a, c) => (a === null || !(c.share.hi <= a.share.hi) ? c : a), null);
    const parts: string[] = [];
    if (forced.length > 0) parts.push(`a fleeing hero CAN be forced on ${forced.length} of ${rows.length} tables — ${forced.map((r) => `${r.table} (${chaserList(r.forcedBy)})`).join('; ')}`);
    if (open.length > 0) {
      const list = open.map((r) => `${r.table} (${chaserList(r.chasers)})`).join('; ');
      parts.push(
        Number.isFinite(maxHi) && maxHi < 0.05
          ? `on ${open.length === rows.length ? 'every table' : `the other ${open.length}`} no chaser tried forces one in even 5% of fights — ${list}: a stall of the game there, as far as these chasers show`
          : `on ${open.length === rows.length ? `every one of the ${rows.length} tables` : `the other ${open.length}`} no chaser tried is shown to force one — ${list}: consistent with the game's stall, but only forcing in more than ${f3(maxHi)} of fights is ruled out; rarer forcing, or a better chaser, is not`,
      );
    }
    const conclusive = open.length === 0 || (Number.isFinite(maxHi) && maxHi < 0.05);
    out.push({
      statement: `${what}: ${parts.join('; ')}.`,
      evidence: `${evidence}${widest && !conclusive ? `; the widest "not shown": ${mdeText({ lo: widest.share.lo, hi: widest.share.hi, level: 0.95 })}` : ''}`,
      strength: conclusive ? 'supported' : 'inconclusive',
    });
  };
  verdict(DEFAULT_READING, 'Whose stall is it? Under the default reading (one action a segment; the sample mirrors, and a close attack one level stronger)');
  verdict(['extra segment'], 'With an extra segment (AmazonL chasing Amazon2)');

  // The tuned search's own stand-offs on the sample mirrors, beside the probe. Being able to force a
  // blow on a hero that always flees is not a winning deviation in a mirror (the chaser walks into the
  // foe's blows too), so whose stand-off it is is the exploitation test's answer (exploit.ts), not this.
  const mirrors = tablesOf(cells, ['sample mirrors'], family).filter((r) => standOffs.has(r.table) && standOffs.get(r.table)!.length > 0);
  if (mirrors.length > 0) {
    const searchText = (rs: readonly { table: string }[]) => {
      const t = new CapTally();
      for (const r of rs) for (const g of standOffs.get(r.table)!) t.add(g, NOTHING_HAPPENED['superhero-gladiators']!.test(g));
      const c = t.capShare();
      return `${t.capped} of ${t.games} of its fights at the cap, ${f3(c.p)} [${f3(c.lo)}, ${f3(c.hi)}]`;
    };
    const forced = mirrors.filter((r) => r.forcedBy.length > 0);
    const open = mirrors.filter((r) => r.forcedBy.length === 0);
    const parts: string[] = [];
    if (forced.length > 0) parts.push(`on the ${forced.length} where a chaser forces a blow on a fleeing hero (${forced.map((r) => r.table).join(', ')}) ${searchText(forced)}`);
    if (open.length > 0) parts.push(`on the ${open.length} where none is shown ${searchText(open)}`);
    out.push({
      statement: `${searchName[0]!.toUpperCase()}${searchName.slice(1)} on both sides of the sample mirrors: ${parts.join('; ')}. A forcing line alone does not make a stand-off the agent's — in a mirror the side that forces also walks into the foe's blows — so whose it is is the exploitation test's answer (a player that attacks against the agent), not the probe's.`,
      evidence: `${evidence}; the fights of ${searchName} itself: the same mirror tables of the study, both sides searched, interval over seeds; no MDE: a description of the search's fights, not a test`,
      strength: 'inconclusive',
    });
  }
  return out;
}

/** Per probe table (its label): "forced" when some chaser's blow after the opening is shown above 0 (Bonferroni over the probe's tables), else "not shown". */
export function forcingStatus(cells: readonly ForcingCell[]): Map<string, 'forced' | 'not shown'> {
  const family = new Set(cells.map((c) => c.table)).size;
  return new Map(tablesOf(cells, FORCING_GROUPS, family).map((r) => [r.table, r.forcedBy.length > 0 ? ('forced' as const) : ('not shown' as const)]));
}

/** The probe's table: one row per chaser and table. */
export function forcingBlock(cells: readonly ForcingCell[]): ReportBlock {
  return {
    kind: 'table',
    id: 'forcing-line-probe',
    title: `The forcing-line probe: a chaser against \`${FLEE}\`, fights with a blow after the opening`,
    caption: `${DEFINITION[0]!.toUpperCase()}${DEFINITION.slice(1)}. The chaser's hero on side 0, the fleeing hero on side 1; 95% intervals over seeds.`,
    rows: cells.map((c) => {
      const s = forcingShare(c.records);
      return { table: c.table, group: c.group, chaser: c.chaser, fights: s.fights, seeds: s.seeds, 'blow after the opening': s.forced, share: Number(f3(s.p)), '95% CI': `${f3(s.lo)}–${f3(s.hi)}`, 'at the cap': s.capped };
    }),
  };
}
