/**
 * Running studies and writing their reports. The default study (`npm start`,
 * `crucible study default`) runs the quick version of every registered study — all
 * together within about 5 minutes on 2 cores — each with its own run folder under
 * runs/ so an interrupted default study resumes, writes each report under
 * reports/<id>/ and then reports/index.html.
 */
import { join, resolve } from 'node:path';
import { writeReport, writeReportsIndex } from '../src/analysis/report/write.js';
import { describeBackend, initTf } from '../src/core/tf.js';
import { describeAgents, studyAgents, type Study } from './study.js';
import { startStudyProgress, type ProgressSink } from '../src/sim/progress.js';
import { studyPlan } from './study-plans.js';
import { holdPool } from '../src/sim/pool.js';
import { currentMatchExecutor } from '../src/sim/queue/executor.js';
import { STUDIES } from './index.js';
import { GameLedger } from './ledger.js';
import { runStudyToPrecision, type StudyPrecision } from './precision.js';
import { codeVersion, contentHash, readContentFile } from '../src/sim/run-key.js';
import type { KeyFinding, Report, ReportVerdict } from '../src/analysis/report-model.js';
import { withSkill, type SkillRequest } from './skill.js';
import { withCapSensitivity } from './cap-sensitivity.js';
import { withDesignPower } from './design-power.js';

/** Quick-run banner text: what --full adds. */
export const QUICK_NOTE =
  'This report ran the quick sample sizes of npm start (about a minute on 2 idle cores). Rerun the study with --full for the sample sizes, powers/builds and stronger agents a published verdict needs; quick verdicts are leads to check, not conclusions.';

/**
 * Adds what the ledger saw to a study's report: failed games and, per condition, games at
 * the cap above 5% (with the share in which nothing happened) lead the verdicts; an
 * "Evidence" section gives games played, failed and stopped at the cap per condition and
 * per table; a quick run carries the quick-sample banner.
 */
export function withEvidence(report: Report, ledger: GameLedger, full: boolean): Report {
  return {
    ...report,
    verdicts: [...ledger.warnings(report.gameId), ...report.verdicts],
    sections: [...report.sections, { heading: 'Evidence: games played, failed, stopped at the cap', blocks: ledger.summary(report.gameId) }],
    ...(full ? {} : { quick: QUICK_NOTE }),
    meta: { ...report.meta, sampleSizes: { ...report.meta.sampleSizes, 'games played': ledger.games, 'failed games': ledger.failed, 'games at the cap': ledger.capped } },
  };
}

export interface StudyRunOptions {
  /** --precision / --minutes / --rounds: run each study in growing rounds (experiments/precision.ts). */
  readonly precision?: StudyPrecision;
  readonly seed: string | number;
  readonly full: boolean;
  readonly workers: number;
  /** Reports root (default "reports"). */
  readonly out: string;
  /** Raw game records root (default "runs"). */
  readonly runs?: string;
  readonly command: string;
  readonly progress: boolean;
  /** A user's content file handed to the studies (see StudyContext.powerFile). */
  readonly powerFile?: string;
  /** A user's hero file handed to the studies (see StudyContext.heroFile). */
  readonly heroFile?: string;
  /** A user's Ophidian card and deck files (see StudyContext.cardFile, deckFile). */
  readonly cardFile?: string;
  readonly deckFile?: string;
  /** The user's --options for the studies' game (checked against its schema); absent: the game's defaults. */
  readonly options?: Readonly<Record<string, unknown>>;
  /** The user's --agents (checked per study with checkStudyAgents); absent: each study's defaults. */
  readonly agents?: readonly string[];
  /** --skill: play each study again under other agents and compare its key findings (experiments/skill.ts). */
  readonly skill?: SkillRequest;
  /** Where to print one progress line per study (default: stderr). */
  readonly log?: (line: string) => void;
  /** Instead of a bar per study, report every table here (bench/studies.ts times each part). */
  readonly sink?: ProgressSink;
}

export interface StudyOutcome {
  readonly name: string;
  readonly reportDir: string;
  readonly seconds: number;
  readonly supported: number;
  readonly inconclusive: number;
  /** The report's verdicts (warnings first) and key findings with their intervals, for --json. */
  readonly verdicts: readonly ReportVerdict[];
  readonly findings: readonly KeyFinding[];
  /** True for a quick run (its verdicts are leads, not conclusions). */
  readonly quick: boolean;
}

/** Runs `studies` in order, writing each report and then the reports index. */
export async function runStudies(studies: readonly Study[], opts: StudyRunOptions): Promise<StudyOutcome[]> {
  const log = opts.log ?? ((line: string) => process.stderr.write(line + '\n'));
  const runsRoot = resolve(opts.runs ?? 'runs');
  const outcomes: StudyOutcome[] = [];
  // Fits (cost curves, fair prices) run on tfjs: start the best backend once, and say which.
  await initTf();
  // A missing native backend is said once, by `crucible --version` and the README, not on every
  // run; a native backend that failed to load (a broken install) is still said here.
  const backend = describeBackend();
  if (!/not installed/.test(backend)) log(backend);
  for (const [i, study] of studies.entries()) {
    log(`[${i + 1}/${studies.length}] ${study.name}: ${study.title}`);
    const started = performance.now();
    const ledger = new GameLedger(opts.progress ? undefined : log);
    // On a terminal, one bar for the whole study (each table a part of it), its ETA over the
    // study's recorded plan (study-plans.ts); off a terminal the ledger prints a line per
    // finished part instead.
    const plan = studyPlan(study.name, opts.full);
    const bar = startStudyProgress(study.name, opts.progress, plan ? { plan } : {});
    const ctx = {
      seed: opts.seed,
      full: opts.full,
      workers: opts.workers,
      // Quick and full runs keep separate records, so neither resumes into the other.
      runDir: join(runsRoot, `${study.name}-${opts.full ? 'full' : 'quick'}-seed-${String(opts.seed).replace(/[^A-Za-z0-9_.-]/g, '_')}`),
      command: opts.command,
      progress: opts.progress,
      ledger,
      ...(opts.powerFile === undefined ? {} : { powerFile: opts.powerFile }),
      ...(opts.heroFile === undefined ? {} : { heroFile: opts.heroFile }),
      ...(opts.cardFile === undefined ? {} : { cardFile: opts.cardFile }),
      ...(opts.deckFile === undefined ? {} : { deckFile: opts.deckFile }),
      ...(opts.agents === undefined ? {} : { agents: opts.agents }),
      ...(opts.options === undefined ? {} : { options: opts.options }),
      progressSink: opts.sink ?? bar.sink,
    };
    // One pool of threads for the whole study, started now (it loads while the first table is
    // set up) and held between tables; queue runs play elsewhere.
    const releasePool = opts.workers > 1 && !currentMatchExecutor() ? holdPool(opts.workers) : () => {};
    // --precision: the study in growing rounds (experiments/precision.ts); the later steps read the last round's tables.
    const run = opts.precision
      ? runStudyToPrecision(study, ctx, opts.precision, () => new GameLedger(opts.progress ? undefined : log))
      : study.run(ctx).then((report) => ({ report, ctx, ledger }));
    const { report: played, ctx: playedCtx, ledger: playedLedger } = await run.finally(() => {
      bar.stop();
      releasePool();
    });
    const files = { cardFile: opts.cardFile, deckFile: opts.deckFile };
    // What the design can detect (its primary measure's MDE against the 0.05 target, or why not), read off the played findings.
    const powered = withDesignPower(played, study, opts.full);
    const report = withOptions(
      study.training
        ? withCode(opts.full ? powered : { ...powered, quick: QUICK_NOTE }, opts.powerFile, opts.heroFile, files)
        : withAgents(withCode(withEvidence(await withCapSensitivity(await withSkill(powered, study, playedCtx, opts.skill, log), study, playedCtx, playedLedger, log), playedLedger, opts.full), opts.powerFile, opts.heroFile, files), study, opts),
      opts.options,
    );
    const reportDir = join(resolve(opts.out), report.id);
    await writeReport(report, reportDir);
    const seconds = (performance.now() - started) / 1000;
    const supported = report.verdicts.filter((v) => v.strength === 'supported').length;
    outcomes.push({ name: study.name, reportDir, seconds, supported, inconclusive: report.verdicts.length - supported, verdicts: report.verdicts, findings: (report.findings ?? []).map(withoutUnits), quick: report.quick !== undefined });
    log(`      done in ${seconds.toFixed(1)} s: ${supported} supported, ${report.verdicts.length - supported} inconclusive verdicts → ${join(reportDir, 'index.html')}`);
  }
  const index = writeReportsIndex(opts.out);
  log(`reports index: ${index}`);
  return outcomes;
}

/**
 * Records in meta.json what the results depend on beyond the command: the code version
 * (package, engine, source hash, git commit) and the content hash of the user's power
 * file — the same keys the runner uses to refuse a run folder from other code/content.
 */
export function withCode(report: Report, powerFile: string | undefined, heroFile?: string, more: { readonly cardFile?: string | undefined; readonly deckFile?: string | undefined } = {}): Report {
  const content = {
    ...(more.cardFile === undefined ? {} : { cardFile: { file: more.cardFile, sha256: contentHash(readContentFile('--card-file', more.cardFile)) } }),
    ...(more.deckFile === undefined ? {} : { deckFile: { file: more.deckFile, sha256: contentHash(readContentFile('--deck-file', more.deckFile)) } }),
    ...(powerFile === undefined ? {} : { powerFile: { file: powerFile, sha256: contentHash(readContentFile('--power-file', powerFile)) } }),
    ...(heroFile === undefined ? {} : { heroFile: { file: heroFile, sha256: contentHash(readContentFile('--hero-file', heroFile)) } }),
  };
  return { ...report, meta: { ...report.meta, details: { ...report.meta.details, code: codeVersion(), content } } };
}

/**
 * Records the user's --options in meta.json (`details.options`: {} when the game's defaults
 * were played) and says so in the method, so a reader knows which rules and formula the
 * verdicts are about.
 */
export function withOptions(report: Report, options: Readonly<Record<string, unknown>> | undefined): Report {
  const given = options !== undefined && Object.keys(options).length > 0;
  const sections = given
    ? [...report.sections, { heading: 'Options played', blocks: [{ kind: 'text' as const, text: `Every table of this study played the game with --options ${JSON.stringify(options)} (what the study sets or varies itself goes over them); runs are keyed on them, so other options never reuse these games.` }] }]
    : report.sections;
  return { ...report, sections, meta: { ...report.meta, details: { ...report.meta.details, options: options ?? {} } } };
}

/**
 * Names the agents behind every verdict of a study's report in one place — a section
 * right after the verdicts and `meta.details.agents` — with why the study plays them
 * (measured), or that the user chose them (--agents).
 */
export function withAgents(report: Report, study: Study, opts: { readonly full: boolean; readonly agents?: readonly string[] }): Report {
  const ctx = { full: opts.full, ...(opts.agents === undefined ? {} : { agents: opts.agents }) };
  const who = describeAgents(study, ctx);
  const why = opts.agents !== undefined ? 'chosen with --agents (the study\'s own choice is ' + describeAgents(study, { full: opts.full }) + ')' : `the study's choice for a ${opts.full ? 'full' : 'quick'} run: ${study.agentChoice(opts.full)}`;
  const slots = study.agentSlots.length > 1 ? ` Slots, in the order --agents fills them: ${study.agentSlots.join('; ')}.` : '';
  return {
    ...report,
    sections: [{ heading: 'Agents behind these verdicts', blocks: [{ kind: 'text', text: `The verdicts of this study come from games played by ${who}: ${why}. Rerun with --agents to see the verdicts under other play.${slots}` }] }, ...report.sections],
    meta: { ...report.meta, details: { ...report.meta.details, agents: studyAgents(study, ctx) } },
  };
}

/** The default study: the quick version of every registered study. */
export function runDefaultStudy(opts: Omit<StudyRunOptions, 'full'>): Promise<StudyOutcome[]> {
  return runStudies(STUDIES, { ...opts, full: false });
}

/** A finding for --json: its estimate and interval, not every unit behind it (KeyFinding.units). */
function withoutUnits({ units: _units, ...finding }: KeyFinding): KeyFinding {
  return finding;
}
