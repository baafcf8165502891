/**
 * A progress bar (games done, games/s, ETA) on stderr when it is a terminal, silent
 * otherwise. Clock time here is for display only; it never touches a result.
 */
import cliProgress from 'cli-progress';

export interface Progress {
  /** Counts finished games. */
  tick(count?: number): void;
  /** A short note after the rate (e.g. live queue workers). */
  note(text: string): void;
  stop(): void;
}

const SILENT: Progress = { tick() {}, note() {}, stop() {} };

/**
 * Starts a bar for `total` games of which `done` are already on disk (a resumed run).
 * Returns a silent progress when `enabled` is false or stderr is not a TTY.
 */
export function startProgress(label: string, total: number, done: number, enabled: boolean): Progress {
  if (!enabled || !process.stderr.isTTY) return SILENT;
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `${label} [{bar}] {value}/{total} games | {rate} games/s | ETA {eta_formatted}{note}`,
      hideCursor: true,
      etaBuffer: 50,
      fps: 5,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = performance.now();
  let value = done;
  bar.start(total, done, { rate: '-', note: '' });
  return {
    tick(count = 1) {
      value += count;
      const seconds = (performance.now() - started) / 1000;
      const rate = seconds > 0 ? (value - done) / seconds : 0;
      bar.update(value, { rate: rate >= 100 ? rate.toFixed(0) : rate.toFixed(1) });
    },
    note(text) {
      bar.update({ note: text === '' ? '' : ` | ${text}` });
    },
    stop() {
      bar.stop();
    },
  };
}

/** Where a run's progress goes: its own bar (startProgress) or one part of a study's bar. */
export type ProgressSink = (label: string, total: number, done: number) => Progress;

/** The drawing side of a bar (cli-progress's SingleBar; a fake in tests). */
export interface BarView {
  start(total: number, value: number, payload: Record<string, string>): void;
  setTotal(total: number): void;
  update(value: number, payload: Record<string, string>): void;
  stop(): void;
}

/** One bar for a whole study: each run is a part of it, so a study never prints a bar per run. */
export interface StudyProgress {
  /** The sink to hand to each run of the study (RunOptions.progressSink). */
  readonly sink: ProgressSink;
  /** Parts started and games finished so far (this session). */
  readonly parts: number;
  readonly games: number;
  stop(): void;
}

/**
 * Starts one bar for study `label` on stderr when it is a terminal (silent otherwise): the
 * current part's games done / total with its ETA, and the study's parts, games and games/s
 * so far. A study does not know its total in advance (refined grids, value iterations),
 * so the ETA is the current part's. Games and games/s count only games played in this
 * session (a resumed part's games on disk are not), and the bar is drawn at once.
 */
export function startStudyProgress(label: string, enabled: boolean, view?: BarView): StudyProgress {
  const bar: BarView | undefined =
    view ??
    (enabled && process.stderr.isTTY
      ? new cliProgress.SingleBar(
          {
            stream: process.stderr,
            format: `${label} [{bar}] part {part} {value}/{total}, ETA {eta_formatted} | {games} games, {rate}/s, {elapsed} s{note}`,
            barsize: 20,
            hideCursor: true,
            etaBuffer: 50,
            fps: 5,
          },
          cliProgress.Presets.shades_classic,
        )
      : undefined);
  const started = performance.now();
  let parts = 0;
  let games = 0;
  let running = false;
  const payload = (note = ''): Record<string, string> => {
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? games / seconds : 0;
    return { part: String(parts), games: String(games), rate: rate >= 100 ? rate.toFixed(0) : rate.toFixed(1), elapsed: seconds.toFixed(0), note };
  };
  // Drawn at once, before the first table is set up (content checks, the first trial setup
  // and the worker threads take seconds): a study is never silent at the start.
  if (bar) {
    bar.start(1, 0, payload(' | setting up the first table…'));
    running = true;
  }
  const state: StudyProgress = {
    sink(partLabel, total, done) {
      if (!bar) return SILENT;
      parts++;
      let value = done;
      const note = partLabel ? ` | ${partLabel}` : '';
      if (!running) {
        bar.start(total, done, payload(note));
        running = true;
      } else {
        bar.setTotal(total);
        bar.update(done, payload(note));
      }
      return {
        tick(count = 1) {
          value += count;
          games += count;
          bar.update(value, payload(note));
        },
        note(text) {
          bar.update(value, payload(`${note}${text === '' ? '' : ` | ${text}`}`));
        },
        stop() {}, // the study's bar stays up between parts
      };
    },
    get parts() {
      return parts;
    },
    get games() {
      return games;
    },
    stop() {
      if (running) bar?.stop();
      running = false;
    },
  };
  return state;
}
