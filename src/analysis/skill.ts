/**
 * Skill sensitivity: the same study's key findings (Report.findings) under two sets of
 * agents — e.g. heuristic play and learned play — side by side, and the findings that
 * change sign or significance between them.
 *
 * Significance on each side is the study's own (each finding's interval is at the level
 * the study tested it at, after its multiplicity correction). Whether a finding *moved*
 * between the two agent sets is one more family of tests: the difference of the two
 * estimates with a normal interval (standard errors read back from the two intervals,
 * the two runs treated as independent), Holm-corrected over the findings compared — the
 * same correction the studies use for their own families. The runs are not quite
 * independent: both use the study's master seed, so game i of each shares its seed
 * (common random numbers). That correlation is positive as far as the dice decide a
 * finding, which makes the independent-runs interval wider than a seed-by-seed one, never
 * narrower; the findings carry summaries, not per-seed values, so no seed-by-seed
 * difference is possible here.
 */
import type { KeyFinding, ReportSection, VegaLiteSpec } from './report-model.js';
import { tFor } from './stats/descriptive.js';
import { formatLevel, holm } from './stats/multiplicity.js';

/** How a finding changed between the base agents and the other agents. */
export type SkillChangeKind = 'reverses' | 'gains significance' | 'loses significance' | 'estimate changes side' | 'not measured';

export interface SkillRow {
  readonly id: string;
  readonly label: string;
  readonly nullValue: number;
  readonly base: KeyFinding | undefined;
  readonly other: KeyFinding | undefined;
  /** other − base estimate, with a Holm-level interval (NaN when either side is missing). */
  readonly diff: number;
  readonly diffLo: number;
  readonly diffHi: number;
  readonly diffLevel: number;
  /** The difference's interval excludes 0 (after Holm over the compared findings). */
  readonly differs: boolean;
  readonly change: SkillChangeKind | undefined;
}

/** The interval excludes the no-effect value (at the level the study tested it). */
export function significant(f: KeyFinding): boolean {
  return f.lo > f.nullValue || f.hi < f.nullValue;
}

/** −1, 0 or +1: which side of the no-effect value the estimate lies on. */
function side(f: KeyFinding): number {
  return Math.sign(f.estimate - f.nullValue);
}

/**
 * Standard error read back from a (normal or large-sample t) interval at its level, from
 * its wider side: the studies cut share intervals to [0, 1], and near a bound the cut side
 * is short, so the full width would understate the error (and call a change "moved" too
 * readily); for an uncut symmetric interval both sides agree.
 */
export function standardError(f: Pick<KeyFinding, 'estimate' | 'lo' | 'hi' | 'level'>): number {
  return Math.max(f.hi - f.estimate, f.estimate - f.lo) / tFor(f.level, Infinity);
}

/** How `other` differs from `base` in sign or significance (undefined: the same verdict, same side). */
export function classifyChange(base: KeyFinding | undefined, other: KeyFinding | undefined): SkillChangeKind | undefined {
  if (!base || !other || !measured(base) || !measured(other)) return 'not measured';
  const sb = significant(base);
  const so = significant(other);
  if (sb && so) return side(base) !== side(other) ? 'reverses' : undefined;
  if (!sb && so) return 'gains significance';
  if (sb && !so) return 'loses significance';
  return side(base) !== side(other) && side(base) !== 0 && side(other) !== 0 ? 'estimate changes side' : undefined;
}

function measured(f: KeyFinding): boolean {
  return Number.isFinite(f.estimate) && Number.isFinite(f.lo) && Number.isFinite(f.hi);
}

/** Pairs the findings of two runs by id (base order, then any only the other run has) and classifies each. */
export function compareFindings(base: readonly KeyFinding[], other: readonly KeyFinding[], alpha = 0.05): SkillRow[] {
  const byId = new Map(other.map((f) => [f.id, f]));
  const ids = [...base.map((f) => f.id), ...other.filter((f) => !base.some((b) => b.id === f.id)).map((f) => f.id)];
  const pairs = ids.map((id) => ({ id, b: base.find((f) => f.id === id), o: byId.get(id) }));
  const both = pairs.filter((p) => p.b && p.o && measured(p.b) && measured(p.o));
  const diffOf = (p: (typeof pairs)[number]) => ({ d: p.o!.estimate - p.b!.estimate, se: Math.hypot(standardError(p.b!), standardError(p.o!)) });
  const decisions = holm(
    both,
    (p) => {
      const { d, se } = diffOf(p);
      return se > 0 ? Math.abs(d) / se : 0;
    },
    (p, level) => {
      const { d, se } = diffOf(p);
      const half = tFor(level, Infinity) * se;
      return d - half > 0 || d + half < 0;
    },
    alpha,
  );
  return pairs.map((p) => {
    const k = both.indexOf(p);
    const b = p.b;
    const o = p.o;
    // A finding measured at a run-dependent point (e.g. each run's own best setting) names
    // that point in its label: show both when they differ.
    const label = b && o && b.label !== o.label ? `${b.label} | ${o.label}` : (b ?? o)!.label;
    const nullValue = (b ?? o)!.nullValue;
    if (k < 0) return { id: p.id, label, nullValue, base: b, other: o, diff: NaN, diffLo: NaN, diffHi: NaN, diffLevel: NaN, differs: false, change: 'not measured' as const };
    const { d, se } = diffOf(p);
    const level = decisions[k]!.level;
    const half = tFor(level, Infinity) * se;
    return { id: p.id, label, nullValue, base: b, other: o, diff: d, diffLo: d - half, diffHi: d + half, diffLevel: level, differs: decisions[k]!.rejected, change: classifyChange(b, o) };
  });
}

const f3 = (x: number | undefined): string => (x === undefined || !Number.isFinite(x) ? '—' : x.toFixed(3));
const interval = (f: KeyFinding | undefined): string => (f ? `${f3(f.estimate)} [${f3(f.lo)}, ${f3(f.hi)}]` : 'not measured');
const verdictWord = (f: KeyFinding | undefined): string => (!f || !measured(f) ? 'not measured' : significant(f) ? (side(f) > 0 ? 'supported, above' : 'supported, below') : 'not significant');

/** One sentence per finding that changed sign or significance (the list the section shows). */
export function describeChanges(rows: readonly SkillRow[], baseName: string, otherName: string): string[] {
  const order: SkillChangeKind[] = ['reverses', 'gains significance', 'loses significance', 'estimate changes side', 'not measured'];
  return rows
    .filter((r) => r.change !== undefined)
    .sort((a, b) => order.indexOf(a.change!) - order.indexOf(b.change!))
    .map((r) => {
      const nums = `${baseName} ${interval(r.base)} (${verdictWord(r.base)}), ${otherName} ${interval(r.other)} (${verdictWord(r.other)}); no effect = ${r.nullValue}`;
      const moved = Number.isFinite(r.diff) ? `; difference ${f3(r.diff)} [${f3(r.diffLo)}, ${f3(r.diffHi)}] at ${formatLevel(r.diffLevel)}${r.differs ? ', a supported change' : ', not itself significant'}` : '';
      const what: Record<SkillChangeKind, string> = {
        reverses: 'REVERSES (significant both ways, opposite sides)',
        'gains significance': `becomes significant under ${otherName}`,
        'loses significance': `is no longer significant under ${otherName}`,
        'estimate changes side': 'estimate changes side (significant under neither)',
        'not measured': 'could not be compared (missing or no completed games on one side)',
      };
      return `${r.label}: ${what[r.change!]} — ${nums}${moved}.`;
    });
}

/**
 * Side-by-side chart: each finding's effect (estimate minus its no-effect value) under the
 * two agent sets, offset vertically, with each side's interval at its tested level.
 */
export function skillChart(rows: readonly SkillRow[], baseName: string, otherName: string): VegaLiteSpec {
  const values = rows.flatMap((r) =>
    (
      [
        [baseName, r.base],
        [otherName, r.other],
      ] as const
    )
      .filter(([, f]) => f !== undefined && measured(f))
      .map(([agents, f]) => ({
        finding: r.label,
        agents,
        effect: round(f!.estimate - f!.nullValue),
        lo: round(f!.lo - f!.nullValue),
        hi: round(f!.hi - f!.nullValue),
        level: formatLevel(f!.level),
        n: f!.n,
        changed: r.change ?? 'same verdict',
      })),
  );
  const y = { field: 'finding', type: 'nominal', title: null, sort: null, axis: { labelLimit: 440 } };
  const color = { field: 'agents', type: 'nominal', title: 'agents', sort: [baseName, otherName], legend: { orient: 'bottom', direction: 'vertical', labelLimit: 520 } };
  const tooltip = [
    { field: 'finding', type: 'nominal' },
    { field: 'agents', type: 'nominal' },
    { field: 'effect', type: 'quantitative', format: '.3f', title: 'estimate − no effect' },
    { field: 'lo', type: 'quantitative', format: '.3f', title: 'low' },
    { field: 'hi', type: 'quantitative', format: '.3f', title: 'high' },
    { field: 'level', type: 'nominal', title: 'interval level' },
    { field: 'n', type: 'quantitative' },
    { field: 'changed', type: 'nominal', title: 'change' },
  ];
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: 'Key findings under the two agent sets', subtitle: 'Point: estimate minus its no-effect value; bar: the interval at the level the study tested it (after its correction)' },
    width: 420,
    height: { step: 30 },
    layer: [
      { data: { values }, mark: { type: 'rule', strokeWidth: 2 }, encoding: { y, yOffset: { field: 'agents', sort: [baseName, otherName] }, x: { field: 'lo', type: 'quantitative', title: 'effect (estimate − no-effect value)' }, x2: { field: 'hi' }, color, tooltip } },
      { data: { values }, mark: { type: 'point', filled: true, size: 60 }, encoding: { y, yOffset: { field: 'agents', sort: [baseName, otherName] }, x: { field: 'effect', type: 'quantitative' }, color, tooltip } },
      { data: { values: [{ zero: 0 }] }, mark: { type: 'rule', strokeDash: [4, 3], color: '#666' }, encoding: { x: { field: 'zero', type: 'quantitative' } } },
    ],
  };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

export interface SkillComparison {
  /** Short names for the two sides, e.g. "heuristic play" / "learned play". */
  readonly baseName: string;
  readonly otherName: string;
  /** The agent specs of each side, in words (describeAgents). */
  readonly baseAgents: string;
  readonly otherAgents: string;
  readonly base: readonly KeyFinding[];
  readonly other: readonly KeyFinding[];
  /** Anything the reader must know about the other run (failed games, transfer, size). */
  readonly notes?: readonly string[];
}

/** The report section "Skill sensitivity" for a comparison that ran. */
export function skillSection(c: SkillComparison): ReportSection {
  const rows = compareFindings(c.base, c.other);
  const changes = describeChanges(rows, c.otherName === c.baseName ? 'base' : c.baseName, c.otherName);
  const table = rows.map((r) => ({
    finding: r.label,
    'no effect': r.nullValue,
    [`${c.baseName}`]: f3(r.base?.estimate),
    [`${c.baseName} low`]: f3(r.base?.lo),
    [`${c.baseName} high`]: f3(r.base?.hi),
    [`${c.baseName} verdict`]: verdictWord(r.base),
    [`${c.otherName}`]: f3(r.other?.estimate),
    [`${c.otherName} low`]: f3(r.other?.lo),
    [`${c.otherName} high`]: f3(r.other?.hi),
    [`${c.otherName} verdict`]: verdictWord(r.other),
    difference: f3(r.diff),
    'difference low': f3(r.diffLo),
    'difference high': f3(r.diffHi),
    'difference supported': r.differs,
    change: r.change ?? 'same verdict',
  }));
  const families = [...new Set([...c.base, ...c.other].map((f) => f.family))].join('; ');
  const intro =
    `The study's ${rows.length} key findings, played once by ${c.baseAgents} (${c.baseName}) and once by ${c.otherAgents} (${c.otherName}), on the same master seed and sample sizes. ` +
    `Each side's verdict is the study's own test (${families}). Whether a finding moved between the two is tested on the difference of the estimates, Holm-corrected over the ${rows.filter((r) => Number.isFinite(r.diff)).length} findings compared.`;
  // One paragraph per finding (the HTML report splits text at blank lines).
  const list = changes.length === 0 ? `No finding changes sign or significance between ${c.baseName} and ${c.otherName}.` : `Findings that change sign or significance (${changes.length} of ${rows.length}):\n\n${changes.map((s) => `• ${s}`).join('\n\n')}`;
  return {
    heading: 'Skill sensitivity',
    blocks: [
      { kind: 'text', text: intro },
      { kind: 'text', text: list },
      ...(c.notes ?? []).map((text) => ({ kind: 'text' as const, text })),
      { kind: 'chart', id: 'skill-sensitivity', title: 'Key findings under the two agent sets', caption: `${c.baseName}: ${c.baseAgents}. ${c.otherName}: ${c.otherAgents}.`, spec: skillChart(rows, c.baseName, c.otherName) },
      { kind: 'table', id: 'skill-sensitivity-table', title: 'Key findings side by side (intervals at each finding’s tested level)', rows: table },
    ],
  };
}

/** The section when no comparison ran: says why, and how to get one (never silently missing). */
export function skillNotRunSection(reason: string): ReportSection {
  return { heading: 'Skill sensitivity', blocks: [{ kind: 'text', text: reason }] };
}
