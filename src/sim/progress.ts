/**
 * Progress bars on stderr when it is a terminal, silent otherwise: one for a run
 * (`play`), one for a whole study (every table a part of it). Clock time here is for
 * display only; it never touches a result.
 *
 * Rates count only the games played in this session (games a resumed run found on disk
 * are done, not played now), and ETAs are computed here rather than by cli-progress,
 * whose own estimate reads a jump of the value (a resumed part) as games played. A
 * study's ETA covers its whole plan when it has one (StudyPlan: every part and its
 * games), not only the part under way.
 */
import cliProgress from 'cli-progress';
import { familyKey, partsOf, type PlanPart } from './plan-families.js';

export type { PlanPart } from './plan-families.js';

export interface Progress {
  /** Counts finished games. */
  tick(count?: number): void;
  /** A short note after the rate (e.g. live queue workers). */
  note(text: string): void;
  stop(): void;
}

const SILENT: Progress = { tick() {}, note() {}, stop() {} };

/** The bar is redrawn this often even when no game finishes (elapsed time, ETA): never frozen. */
const REDRAW_MS = 1000;

/** "12 s", "4 min 05 s", "2 h 03 min". */
export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

function formatRate(rate: number): string {
  return rate >= 100 ? rate.toFixed(0) : rate.toFixed(1);
}

/** The drawing side of a bar (cli-progress's SingleBar; a fake in tests). */
export interface BarView {
  start(total: number, value: number, payload: Record<string, string>): void;
  setTotal(total: number): void;
  update(value: number, payload: Record<string, string>): void;
  stop(): void;
}

/** Bars draw on a 0…BAR_SCALE scale (the share of the planned work done). */
const BAR_SCALE = 1000;

/**
 * Starts a bar for `total` games of which `done` are already on disk (a resumed run).
 * Returns a silent progress when `enabled` is false or stderr is not a TTY.
 */
export function startProgress(label: string, total: number, done: number, enabled: boolean, view?: BarView, now: () => number = () => performance.now()): Progress {
  if (!view && (!enabled || !process.stderr.isTTY)) return SILENT;
  const bar: BarView =
    view ??
    new cliProgress.SingleBar(
      { stream: process.stderr, format: `${label} [{bar}] {value}/{total} games | {rate} games/s | ETA {remaining}{note}`, hideCursor: true, fps: 5 },
      cliProgress.Presets.shades_classic,
    );
  const started = now();
  let value = done;
  let note = '';
  const payload = (): Record<string, string> => {
    const seconds = (now() - started) / 1000;
    const played = value - done;
    const rate = seconds > 0 ? played / seconds : 0;
    // Not "eta": cli-progress fills its own eta over the payload's.
    const remaining = played > 0 ? formatSeconds((total - value) / rate) : '…';
    return { rate: played > 0 ? formatRate(rate) : '-', remaining, note };
  };
  bar.start(total, done, payload());
  const timer = setInterval(() => bar.update(value, payload()), REDRAW_MS);
  timer.unref();
  return {
    tick(count = 1) {
      value += count;
      bar.update(value, payload());
    },
    note(text) {
      note = text === '' ? '' : ` | ${text}`;
      bar.update(value, payload());
    },
    stop() {
      clearInterval(timer);
      bar.stop();
    },
  };
}

/** Where a run's progress goes: its own bar (startProgress) or one part of a study's bar. */
export type ProgressSink = (label: string, total: number, done: number) => Progress;

/**
 * What a study will play: every part (table) and its games, in the order its families first
 * play, a family of like parts as one entry (plan-families.ts).
 */
export interface StudyPlan {
  readonly parts: readonly PlanPart[];
  /** Where the plan comes from, for messages (e.g. "measured by npm run bench -- studies, commit abc"). */
  readonly source?: string;
}

/** What a study's bar shows at one moment (StudyEta.snapshot). */
export interface EtaSnapshot {
  /** Share of the study's work done (games on disk count as done), 0…1. */
  readonly fraction: number;
  /** Games done (on disk or played now) and games in the plan (the plan, grown by any part it lacks). */
  readonly gamesDone: number;
  readonly gamesPlanned: number;
  /** Games played in this session, and their rate (resumed games are not counted). */
  readonly played: number;
  readonly rate: number;
  /** Seconds to go, or null before the first game of this session. */
  readonly eta: number | null;
  /** 'study': the ETA covers every part of the plan; 'part': no plan, so only the part under way. */
  readonly scope: 'study' | 'part';
  /**
   * True once the study has started a part its plan lacks (the user's content, or a study
   * that chose more tables than when its plan was recorded): parts may follow that no plan
   * foresaw, so the ETA is a lower bound.
   */
  readonly beyondPlan: boolean;
}

interface SeenPart {
  readonly total: number;
  readonly done: number;
  played: number;
  readonly weight: number;
}

/**
 * The study-wide ETA: the work left (the part under way, plus every planned part not yet
 * started) over the speed of the work played in this session. Work is games weighted by
 * each part's measured cost a game when the plan has one, so that a study whose first
 * parts are cheap does not promise an early end. Parts are matched to the plan by label,
 * else to the next planned part not yet started (labels can carry seeded names); a part
 * the plan lacks (the user's own content) adds its games.
 */
export class StudyEta {
  private readonly seen: SeenPart[] = [];
  private unplanned = false;
  /** Plan entries with parts not yet started: `left` of each. */
  private readonly unmatched: { readonly part: PlanPart; left: number }[];
  private readonly meanWeight: number;
  /** Parts in the plan (a family counts its parts). */
  readonly plannedParts: number;

  constructor(private readonly plan?: StudyPlan) {
    this.unmatched = (plan?.parts ?? []).map((part) => ({ part, left: partsOf(part) })).filter((e) => e.left > 0);
    this.plannedParts = this.unmatched.reduce((a, e) => a + e.left, 0);
    // The mean cost a game over the plan's parts (a family weighs as many parts as it holds).
    let sum = 0;
    let count = 0;
    for (const { part, left } of this.unmatched) {
      if (part.cpuPerGame !== undefined && part.cpuPerGame > 0) {
        sum += part.cpuPerGame * left;
        count += left;
      }
    }
    this.meanWeight = count > 0 ? sum / count : 1;
  }

  /**
   * A part starts: `total` games, `done` of them already on disk. It takes a part of the
   * plan entry with its label or its family's key, else of the next entry with parts left.
   * Returns its handle for `played`.
   */
  startPart(label: string, total: number, done: number): number {
    const key = familyKey(label);
    let at = this.unmatched.findIndex((e) => e.part.label === label || e.part.label === key);
    if (at < 0 && this.unmatched.length > 0) at = 0;
    const entry = at >= 0 ? this.unmatched[at] : undefined;
    if (entry && --entry.left === 0) this.unmatched.splice(at, 1);
    const planned = entry?.part;
    if (this.plan && !planned) this.unplanned = true;
    const weight = planned?.cpuPerGame !== undefined && planned.cpuPerGame > 0 ? planned.cpuPerGame : this.meanWeight;
    this.seen.push({ total, done, played: 0, weight });
    return this.seen.length - 1;
  }

  played(part: number, count: number): void {
    this.seen[part]!.played += count;
  }

  snapshot(elapsedSeconds: number): EtaSnapshot {
    let doneWork = 0;
    let leftWork = 0;
    let liveWork = 0;
    let gamesDone = 0;
    let gamesPlanned = 0;
    let played = 0;
    for (const p of this.seen) {
      const finished = Math.min(p.total, p.done + p.played);
      doneWork += finished * p.weight;
      leftWork += (p.total - finished) * p.weight;
      liveWork += p.played * p.weight;
      gamesDone += finished;
      gamesPlanned += p.total;
      played += p.played;
    }
    const scope = this.plan ? 'study' : 'part';
    if (scope === 'study') {
      for (const { part: p, left } of this.unmatched) {
        leftWork += left * p.games * (p.cpuPerGame !== undefined && p.cpuPerGame > 0 ? p.cpuPerGame : this.meanWeight);
        gamesPlanned += left * p.games;
      }
    } else {
      // No plan: only the part under way is known.
      const current = this.seen[this.seen.length - 1];
      leftWork = current ? (current.total - Math.min(current.total, current.done + current.played)) * current.weight : 0;
    }
    const speed = elapsedSeconds > 0 ? liveWork / elapsedSeconds : 0;
    const total = doneWork + leftWork;
    return {
      fraction: scope === 'study' ? (total > 0 ? doneWork / total : 0) : this.partFraction(),
      gamesDone,
      gamesPlanned,
      played,
      rate: elapsedSeconds > 0 ? played / elapsedSeconds : 0,
      eta: liveWork > 0 && speed > 0 ? leftWork / speed : leftWork === 0 && this.seen.length > 0 ? 0 : null,
      scope,
      beyondPlan: this.unplanned,
    };
  }

  private partFraction(): number {
    const current = this.seen[this.seen.length - 1];
    return current && current.total > 0 ? Math.min(1, (current.done + current.played) / current.total) : 0;
  }

  get parts(): number {
    return this.seen.length;
  }
}

/** One bar for a whole study: each run is a part of it, so a study never prints a bar per run. */
export interface StudyProgress {
  /** The sink to hand to each run of the study (RunOptions.progressSink). */
  readonly sink: ProgressSink;
  /** Parts started and games played so far (this session). */
  readonly parts: number;
  readonly games: number;
  /** The ETA's view now (what the bar shows). */
  snapshot(): EtaSnapshot;
  stop(): void;
}

export interface StudyProgressOptions {
  /** Draw here instead of stderr (tests). */
  readonly view?: BarView;
  /** The study's plan: the ETA then covers every part; absent: the part under way only (said on the bar). */
  readonly plan?: StudyPlan;
  /** Milliseconds clock (tests); default performance.now. */
  readonly now?: () => number;
}

/**
 * Starts one bar for study `label` on stderr when it is a terminal (silent otherwise).
 * It shows the share of the study done, games done of planned, the part under way, the
 * games/s played now and the ETA — of the whole plan when `plan` is given, else of the
 * part under way, labelled "part ETA". Drawn at once and redrawn every second, so a
 * study is never silent while its first table is set up.
 */
export function startStudyProgress(label: string, enabled: boolean, options: StudyProgressOptions = {}): StudyProgress {
  const now = options.now ?? (() => performance.now());
  const bar: BarView | undefined =
    options.view ??
    (enabled && process.stderr.isTTY
      ? new cliProgress.SingleBar(
          {
            stream: process.stderr,
            format: `${label} [{bar}] {games} games | part {part} | {rate} games/s | {etaLabel} {remaining} | {elapsed}{note}`,
            barsize: 20,
            hideCursor: true,
            fps: 5,
          },
          cliProgress.Presets.shades_classic,
        )
      : undefined);
  const started = now();
  // Rates and the ETA run from the first table's start: the study's set-up before it (content
  // checks, the first trial setup) happens once and would make the early ETA too long.
  let firstPart: number | null = null;
  const playing = (): number => (firstPart === null ? 0 : (now() - firstPart) / 1000);
  const eta = new StudyEta(options.plan);
  let note = ' | setting up the first table…';
  const planParts = options.plan ? eta.plannedParts : undefined;
  const payload = (): Record<string, string> => {
    const s = eta.snapshot(playing());
    return {
      games: `${s.gamesDone}/${s.gamesPlanned}`,
      part: planParts !== undefined ? `${eta.parts}/${Math.max(planParts, eta.parts)}` : String(eta.parts),
      rate: s.played > 0 ? formatRate(s.rate) : '-',
      etaLabel: s.scope === 'part' ? 'part ETA' : s.beyondPlan ? 'ETA ≥' : 'ETA',
      // Not "eta" (nor value, total, duration): cli-progress fills those over the payload's.
      remaining: s.eta === null ? '…' : formatSeconds(s.eta),
      elapsed: formatSeconds((now() - started) / 1000),
      note,
    };
  };
  const draw = (): void => bar?.update(Math.round(eta.snapshot(playing()).fraction * BAR_SCALE), payload());
  // Set while the bar is drawn (stop clears it: stopping twice draws nothing).
  let timer: NodeJS.Timeout | null = null;
  if (bar) {
    bar.start(BAR_SCALE, 0, payload());
    timer = setInterval(draw, REDRAW_MS);
    timer.unref();
  }
  let played = 0;
  const state: StudyProgress = {
    sink(partLabel, total, done) {
      if (!bar) return SILENT;
      firstPart ??= now();
      const part = eta.startPart(partLabel, total, done);
      const partNote = partLabel ? ` | ${partLabel}` : '';
      note = partNote;
      draw();
      return {
        tick(count = 1) {
          eta.played(part, count);
          played += count;
          draw();
        },
        note(text) {
          note = `${partNote}${text === '' ? '' : ` | ${text}`}`;
          draw();
        },
        stop() {}, // the study's bar stays up between parts
      };
    },
    get parts() {
      return eta.parts;
    },
    get games() {
      return played;
    },
    snapshot() {
      return eta.snapshot(playing());
    },
    stop() {
      if (timer) clearInterval(timer);
      if (timer) bar?.stop();
      timer = null;
    },
  };
  return state;
}
