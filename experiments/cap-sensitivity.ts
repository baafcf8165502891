/**
 * Cap sensitivity (issue #27): every key finding of a study whose games reached a cap is
 * computed twice more from the very same games — over decided games only (capped games
 * left out) and with capped games scored as draws — and a finding whose conclusion
 * changes (reverses, gains or loses significance) says so in its own verdict.
 *
 * How: the study runs again with `ctx.capScoring` set. Its tables are read back from the
 * run folder (playStudyTable replays no game: a table it would have to play, because the
 * study chooses later games from earlier results, stops the recomputation, and the
 * section says so), and each table's records are re-scored before the study sees them.
 * A study's findings are its share-based verdicts as data (Report.findings).
 */
import type { KeyFinding, Report, ReportSection, ReportVerdict } from '../src/analysis/report-model.js';
import { compareFindings, type SkillRow } from '../src/analysis/skill.js';
import { endedAtCap } from '../src/analysis/stats/quality.js';
import type { GameRecord } from '../src/sim/types.js';
import { capNameOf } from './cap-report.js';
import { GameLedger } from './ledger.js';
import type { Study, StudyContext } from './study.js';

/** How capped games are scored: as played (the engine's tie rule), left out, or as draws. */
export type CapScoring = 'decided' | 'draw';

export const SCORING_NAMES: Readonly<Record<CapScoring, string>> = {
  decided: 'over decided games only (capped games left out)',
  draw: 'with capped games scored as draws',
};

/** Thrown by playStudyTable under a cap scoring when a table's games are not all in the run folder. */
export class NotReplayable extends Error {
  constructor(readonly table: string) {
    super(`table ${table} has games not yet played`);
  }
}

/**
 * `records` with capped games re-scored: left out ('decided') or split equally among the
 * seats still standing ('draw': Rumble's `energy_p<seat>` tags say who stands; a game
 * without them splits among every seat).
 */
export function rescoreCapped(records: readonly GameRecord[], scoring: CapScoring): GameRecord[] {
  if (scoring === 'decided') return records.filter((r) => r.error !== undefined || r.returns.length === 0 || !endedAtCap(r));
  return records.map((r) => {
    if (r.error !== undefined || r.returns.length === 0 || !endedAtCap(r)) return r;
    const standing = r.returns.map((_, seat) => {
      const e = r.tags[`energy_p${seat}`];
      return typeof e === 'number' ? e > 0 : true;
    });
    const k = standing.filter(Boolean).length || r.returns.length;
    return { ...r, returns: r.returns.map((_, seat) => (standing[seat] || k === r.returns.length ? 1 / k : 0)) };
  });
}

interface Rescored {
  readonly scoring: CapScoring;
  readonly findings?: readonly KeyFinding[];
  readonly reason?: string;
}

const f3 = (x: number): string => (Number.isFinite(x) ? x.toFixed(3) : '—');
const interval = (f: KeyFinding | undefined): string => (f ? `${f3(f.estimate)} [${f3(f.lo)}, ${f3(f.hi)}]` : 'not measured');

/** Runs the study again under `scoring` from its stored games; findings, or why not. */
async function rescoredRun(study: Study, ctx: StudyContext, scoring: CapScoring): Promise<Rescored> {
  const { progressSink: _sink, ...rest } = ctx;
  try {
    const report = await study.run({ ...rest, progress: false, capScoring: scoring, ledger: new GameLedger() });
    return { scoring, findings: report.findings ?? [] };
  } catch (e) {
    if (e instanceof NotReplayable) {
      return { scoring, reason: `not recomputed: under this scoring the study would choose other games to play (its later tables depend on earlier results; e.g. ${e.table}), so its findings cannot be recomputed from the games played` };
    }
    // A study whose analysis cannot take the re-scored games (too few left, say) is not
    // recomputed; the report says why rather than losing the study.
    return { scoring, reason: `not recomputed: the study's analysis failed on the re-scored games (${(e as Error).message.split('\n')[0]})` };
  }
}

const CHANGED = (r: SkillRow): boolean => r.change !== undefined && r.change !== 'estimate changes side' && r.change !== 'not measured';

/**
 * Adds the "Cap sensitivity" section (and a lead verdict per finding whose conclusion
 * changes) to a study's report. Skipped (one line in the section) when no game reached
 * the cap or the study declares no findings.
 */
export async function withCapSensitivity(report: Report, study: Study, ctx: StudyContext, ledger: GameLedger, log: (line: string) => void): Promise<Report> {
  const capName = capNameOf(study.gameId);
  const section = (blocks: ReportSection['blocks']): ReportSection => ({ heading: `Cap sensitivity: findings over decided games only and with capped games as draws`, blocks });
  const note = (text: string): Report => ({ ...report, sections: [...report.sections, section([{ kind: 'text', text }])] });
  if (ledger.capped === 0) return note(`No game of this study ended at the ${capName}, so scoring capped games otherwise changes nothing.`);
  if (!report.findings || report.findings.length === 0) {
    return note(`${ledger.capped} games ended at the ${capName}, but this study does not declare its share-based findings as data (Report.findings), so they are not recomputed over decided games only or with capped games as draws: read its shares knowing that the cap's tie rule decided those games.`);
  }
  log(`      cap sensitivity: recomputing ${report.findings.length} findings over decided games only and with capped games as draws`);
  const runs = [await rescoredRun(study, ctx, 'decided'), await rescoredRun(study, ctx, 'draw')];
  const base = report.findings;
  const rowsOf = (r: Rescored) => (r.findings ? compareFindings(base, r.findings) : []);
  const compared = runs.map((r) => ({ run: r, rows: rowsOf(r) }));
  const verdicts: ReportVerdict[] = [];
  for (const f of base) {
    const changes = compared.flatMap(({ run, rows }) => {
      const row = rows.find((x) => x.id === f.id);
      return row && CHANGED(row) ? [{ scoring: run.scoring, row }] : [];
    });
    if (changes.length === 0) continue;
    verdicts.push({
      statement: `"${f.label}" ${changes.map((c) => `${c.row.change} ${SCORING_NAMES[c.scoring]}`).join(', and ')}: its conclusion rests on games the ${capName} decided.`,
      evidence: `as played ${interval(f)}; ${changes.map((c) => `${c.scoring === 'decided' ? 'decided only' : 'capped as draws'} ${interval(c.row.other)}`).join('; ')} (each at the level the study tests it: ${f.family})`,
      strength: 'warning',
    });
  }
  const rows = base.map((f) => {
    const cell = (i: number): string => {
      const r = compared[i]!;
      if (!r.run.findings) return 'not recomputed';
      const row = r.rows.find((x) => x.id === f.id);
      return `${interval(row?.other)}${row && CHANGED(row) ? ` (${row.change})` : ''}`;
    };
    return { finding: f.label, 'as played': interval(f), 'decided games only': cell(0), 'capped as draws': cell(1), tested: f.family };
  });
  const reasons = runs.filter((r) => r.reason).map((r) => `${SCORING_NAMES[r.scoring]}: ${r.reason}.`);
  const changed = verdicts.length;
  const text = `${ledger.capped} of ${ledger.games - ledger.failed} completed games ended at the ${capName}. Each key finding is recomputed from the same games scored two other ways: ${SCORING_NAMES.decided} (a pair or unit with a capped game drops out as a failed one would), and ${SCORING_NAMES.draw} (the win split among the seats still standing). ${changed === 0 ? 'No finding changes its conclusion (sign or significance at the study\'s own level).' : `${changed} of ${base.length} findings change their conclusion; each leads the verdicts.`}${reasons.length ? ' ' + reasons.join(' ') : ''}`;
  return {
    ...report,
    verdicts: [...verdicts, ...report.verdicts],
    sections: [...report.sections, section([{ kind: 'text', text }, { kind: 'table', id: 'cap-sensitivity', title: 'Key findings under three scorings of the capped games', rows }])],
  };
}
