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
