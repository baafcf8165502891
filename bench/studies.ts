/**
 * How long each study's `--full` run takes: `npm run bench -- studies [--only NAME]
 * [--fraction F] [--workers N] [--quick] [--write-plans]`.
 *
 * Each study runs exactly as `crucible study NAME --full` does (same agents, options,
 * seed 1, its own analysis and report), except that every table plays only its first
 * k = max(MIN_GAMES, ⌈F·games⌉) games (rounded up to even, at most all of them): a fixed,
 * seeded sample, since game i depends on (master seed, i) alone. Every part of a study is
 * sampled, so parts of very different cost a game are each measured. Timing per part:
 * wall and CPU (process.cpuUsage, which counts the worker threads: they are threads of this
 * process) while its sampled games play — parts play one at a time here, so the times do
 * not mix. Everything else the study does (setup, analysis on the sample, the report) is
 * its overhead.
 *
 * Extrapolation to the full plan, per study:
 *   full game CPU = Σ over parts of games × (CPU of its sample / k)
 *   2-core wall   = full game CPU / (2 × E) + overhead CPU
 * with E = SCALING_2 / 2 the two-worker efficiency measured with `play` (README, "How long a
 * study takes"). CPU rather than wall time is extrapolated because the wall time of a
 * shared machine depends on the others' load; the measured wall rate is printed too.
 * Limits: the overhead is taken as fixed (analysis on the full games costs more than on the
 * sample: bootstraps and fits grow with the data); a study that chooses later tables from
 * earlier results may choose other tables on the sample than on the full games, so its
 * plan is the plan of this sampled run; a study whose analysis fails on the sample is
 * extrapolated from the parts it played (marked "partial").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { STUDIES } from '../experiments/index.js';
import { runStudies } from '../experiments/default.js';
import { PLANS_FILE, formatPlans, type RecordedPlans } from '../experiments/study-plans.js';
import type { Study } from '../experiments/study.js';
import { playLocally, setSampleCap } from '../src/sim/runner.js';
import { acquirePool } from '../src/sim/pool.js';
import { setMatchExecutor, type MatchExecutor } from '../src/sim/queue/executor.js';
import type { Progress, StudyPlan } from '../src/sim/progress.js';
import { compactPlan } from '../src/sim/plan-families.js';
import type { GameRecord } from '../src/sim/types.js';

/** Two workers of `play` against one on long runs (README "How long a study takes"), measured. */
export const SCALING_2 = 1.9;
/** Fewest games sampled from a table (analyses need a few seat-swapped pairs). */
const MIN_GAMES = 4;
const LIMIT_SECONDS = 30 * 60;

interface Args {
  only: string[];
  fraction: number;
  workers: number;
  quick: boolean;
  writePlans: boolean;
}

function fail(message: string): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { only: [], fraction: 0.01, workers: 1, quick: false, writePlans: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) fail(`${flag} needs a value`);
      return v;
    };
    if (flag === '--only') {
      const name = value();
      if (!STUDIES.some((s) => s.name === name)) fail(`--only is ${JSON.stringify(name)}; allowed: ${STUDIES.map((s) => s.name).join(', ')}`);
      args.only.push(name);
    } else if (flag === '--fraction') {
      const f = Number(value());
      if (!(f > 0 && f <= 1)) fail(`--fraction is ${JSON.stringify(argv[i])}; allowed: a number in (0, 1]`);
      args.fraction = f;
    } else if (flag === '--workers') {
      const w = Number(value());
      if (!Number.isInteger(w) || w < 1 || w > Math.max(8, os.availableParallelism())) fail(`--workers is ${JSON.stringify(argv[i])}; allowed: 1 to ${Math.max(8, os.availableParallelism())}`);
      args.workers = w;
    } else if (flag === '--quick') args.quick = true;
    else if (flag === '--write-plans') args.writePlans = true;
    else fail(`unknown option ${JSON.stringify(flag)}; allowed: --only NAME, --fraction F, --workers N, --quick, --write-plans`);
  }
  return args;
}

/** Games sampled from a table of `games`: the first k. */
export function sampleSize(games: number, fraction: number): number {
  const k = Math.max(MIN_GAMES, Math.ceil(fraction * games));
  return Math.min(games, k + (k % 2));
}

interface PartTiming {
  readonly label: string;
  readonly games: number;
  sampled: number;
  wall: number;
  cpu: number;
}

const cpuSeconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** Plays the first k games of every table, one table at a time, timing each. */
class SamplingExecutor implements MatchExecutor {
  readonly description = 'bench: a fixed fraction of each table';
  readonly parts: PartTiming[] = [];
  private readonly byProgress = new Map<object, PartTiming>();
  private queue: Promise<void> = Promise.resolve();
  /** The full size of the table whose run starts now (the runner calls cap, then the sink, with no await between). */
  private planned = 0;
  constructor(
    private readonly fraction: number,
    private readonly workers: number,
  ) {}

  /** The runner's sample cap (setSampleCap): each table plays its first k games. */
  cap = (games: number): number => {
    this.planned = games;
    return sampleSize(games, this.fraction);
  };

  /** The study's progress sink: names each part before it plays. */
  sink = (label: string, total: number): Progress => {
    const part: PartTiming = { label, games: this.planned || total, sampled: 0, wall: 0, cpu: 0 };
    this.planned = 0;
    this.parts.push(part);
    const progress: Progress = { tick() {}, note() {}, stop() {} };
    this.byProgress.set(progress, part);
    return progress;
  };

  play(config: Parameters<MatchExecutor['play']>[0], indices: readonly number[], onRecords: (records: readonly GameRecord[]) => void, progress: object): Promise<void> {
    const part = this.byProgress.get(progress);
    const chosen = indices; // the runner asks for the sampled games only (setSampleCap)
    // One part at a time, so that each part's CPU is its own (studies may run tables concurrently).
    const run = this.queue.then(async () => {
      const wall0 = performance.now();
      const cpu0 = cpuSeconds();
      await playLocally(config, chosen, Math.min(this.workers, Math.max(1, chosen.length)), onRecords);
      if (part) {
        part.wall += (performance.now() - wall0) / 1000;
        part.cpu += cpuSeconds() - cpu0;
        part.sampled += chosen.length;
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}

interface StudyTiming {
  readonly name: string;
  readonly parts: readonly PartTiming[];
  readonly wall: number;
  readonly cpu: number;
  readonly failed?: string;
}

/** Starts the pool's threads and warms them (one cheap game each), so no part pays the start-up. */
async function warmPool(workers: number): Promise<number> {
  if (workers === 1) return 0;
  const cpu0 = cpuSeconds();
  const { release } = acquirePool(workers);
  const config = { gameId: 'gladiator-duel', options: {}, agents: ['random', 'random'], games: workers * 2, seed: 'warm', rotate: false, paired: false };
  await playLocally(config, [...Array(workers * 2).keys()], workers, () => {});
  release(); // the pool stays up (shared) for the studies
  return cpuSeconds() - cpu0;
}

async function timeStudy(study: Study, args: Args, dir: string): Promise<StudyTiming> {
  const executor = new SamplingExecutor(args.fraction, args.workers);
  setMatchExecutor(executor);
  setSampleCap(executor.cap);
  const wall0 = performance.now();
  const cpu0 = cpuSeconds();
  let failed: string | undefined;
  try {
    await runStudies([study], {
      seed: 1,
      full: !args.quick,
      workers: args.workers,
      out: path.join(dir, 'reports'),
      runs: path.join(dir, 'runs'),
      command: `bench studies ${study.name}`,
      progress: false,
      log: () => {},
      sink: executor.sink,
    });
  } catch (err) {
    failed = (err as Error).message.split('\n')[0];
  } finally {
    setMatchExecutor(null);
    setSampleCap(null);
  }
  return { name: study.name, parts: executor.parts, wall: (performance.now() - wall0) / 1000, cpu: cpuSeconds() - cpu0, ...(failed ? { failed } : {}) };
}

interface Row {
  readonly study: string;
  readonly parts: number;
  readonly planned: number;
  readonly sampled: number;
  readonly cpuPerGame: number;
  readonly wallRate: number;
  readonly overheadCpu: number;
  readonly fullWall: number;
  readonly note: string;
}

export function extrapolate(t: StudyTiming): Row {
  const played = t.parts.filter((p) => p.sampled > 0);
  const planned = t.parts.reduce((a, p) => a + p.games, 0);
  const sampled = played.reduce((a, p) => a + p.sampled, 0);
  const gameCpu = played.reduce((a, p) => a + p.cpu, 0);
  const gameWall = played.reduce((a, p) => a + p.wall, 0);
  const fullCpu = played.reduce((a, p) => a + (p.games * p.cpu) / p.sampled, 0);
  // A part whose games were all on disk (none here: fresh folders) would be free.
  const overheadCpu = Math.max(0, t.cpu - gameCpu);
  const fullWall = fullCpu / SCALING_2 + overheadCpu;
  return {
    study: t.name,
    parts: t.parts.length,
    planned,
    sampled,
    cpuPerGame: sampled > 0 ? gameCpu / sampled : NaN,
    wallRate: gameWall > 0 ? sampled / gameWall : NaN,
    overheadCpu,
    fullWall,
    note: t.failed ? `partial: ${t.failed}` : '',
  };
}

const fmtTime = (s: number): string => (!Number.isFinite(s) ? '?' : s < 90 ? `${s.toFixed(0)} s` : s < 5400 ? `${(s / 60).toFixed(1)} min` : `${(s / 3600).toFixed(1)} h`);

function table(rows: readonly Row[]): string {
  const head = ['study', 'parts', 'planned games', 'sampled (fraction)', 'CPU-s a game', 'games/s measured', 'overhead CPU-s', 'full, 2 cores', '≤ 30 min'];
  const lines = rows.map((r) => [
    r.study,
    String(r.parts),
    r.planned.toLocaleString('en-US'),
    `${r.sampled} (${r.planned > 0 ? ((100 * r.sampled) / r.planned).toFixed(1) : '0'}%)`,
    Number.isFinite(r.cpuPerGame) ? r.cpuPerGame.toFixed(4) : '—',
    Number.isFinite(r.wallRate) ? r.wallRate.toFixed(1) : '—',
    r.overheadCpu.toFixed(1),
    fmtTime(r.fullWall) + (r.note ? ' *' : ''),
    r.fullWall <= LIMIT_SECONDS ? 'yes' : 'no',
  ]);
  const out = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...lines.map((l) => `| ${l.join(' | ')} |`)];
  for (const r of rows) if (r.note) out.push(`* ${r.study}: ${r.note}`);
  return out.join('\n');
}

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

function writePlans(timings: readonly StudyTiming[], args: Args, measured: string): void {
  let existing: RecordedPlans = { measured, studies: {} };
  try {
    existing = JSON.parse(fs.readFileSync(PLANS_FILE, 'utf8')) as RecordedPlans;
  } catch {
    /* a first plans file */
  }
  const studies: Record<string, { full?: StudyPlan; quick?: StudyPlan }> = { ...existing.studies };
  for (const t of timings) {
    if (t.failed) continue; // a partial plan would promise an early end
    // By table family (plan-families.ts): 15,000 one-game tables are one or two lines, not 15,000.
    const parts = compactPlan(t.parts);
    // The plan says how it was measured; the file's "measured" stays that of the plans without one.
    if (parts.length > 0) studies[t.name] = { ...studies[t.name], [args.quick ? 'quick' : 'full']: { source: measured, parts } };
  }
  fs.writeFileSync(PLANS_FILE, formatPlans({ measured: existing.measured, studies }));
}

export async function main(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv);
  const studies = args.only.length ? STUDIES.filter((s) => args.only.includes(s.name)) : STUDIES;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crucible-bench-studies-'));
  const load0 = os.loadavg();
  process.stdout.write(
    `Each ${args.quick ? 'quick' : '--full'} study, seed 1, every table's first ${(args.fraction * 100).toFixed(1)}% of games (at least ${MIN_GAMES}, even), ${args.workers} worker(s); full time on 2 cores = Σ games × CPU-s a game / ${SCALING_2} (measured 2-worker scaling) + overhead CPU-s. Load average ${load0.map((x) => x.toFixed(2)).join(' ')} on ${os.availableParallelism()} cores at the start.\n`,
  );
  const warmCpu = await warmPool(args.workers);
  if (warmCpu > 0) process.stdout.write(`pool start-up (${args.workers} threads, not charged to any study): ${warmCpu.toFixed(1)} CPU-s\n`);
  const timings: StudyTiming[] = [];
  const rows: Row[] = [];
  try {
    for (const study of studies) {
      const t = await timeStudy(study, args, path.join(dir, study.name));
      timings.push(t);
      const row = extrapolate(t);
      rows.push(row);
      process.stdout.write(`  ${study.name}: ${row.parts} parts, ${row.sampled} of ${row.planned} games in ${t.wall.toFixed(1)} s wall, ${t.cpu.toFixed(1)} CPU-s → ${fmtTime(row.fullWall)} on 2 cores${row.note ? ` (${row.note})` : ''}\n`);
      // Written study by study, so that an interrupted bench keeps what it measured.
      if (args.writePlans) writePlans([t], args, measuredNote(argv, load0));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const load1 = os.loadavg();
  process.stdout.write(`\n${table(rows)}\n\nLoad average at the end ${load1.map((x) => x.toFixed(2)).join(' ')}; commit ${commit()}.\n`);
}

function measuredNote(argv: readonly string[], load0: readonly number[]): string {
  return `npm run bench -- studies${argv.length ? ' ' + argv.join(' ') : ''} at commit ${commit()}, load average ${load0[0]!.toFixed(1)} on ${os.availableParallelism()} cores at the start`;
}
