/**
 * The shared loop of the determinism traces (bench/<game>/trace.ts): each configuration's
 * games hashed in one digest, every fourth game replayed from deep-frozen states (the
 * same trail, and no write to an input), one line per configuration and the digest of
 * them all — the number a speed change must leave unchanged.
 */
import { createHash, type Hash } from 'node:crypto';

/**
 * Freezes `o` and everything it reaches (typed arrays left as they are: they cannot be
 * frozen), so a replay that writes to an input state throws.
 */
export function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o) && !ArrayBuffer.isView(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

export interface TraceConfig<O> {
  readonly name: string;
  readonly games: number;
  readonly options: O;
}

/**
 * Plays `configs` (game count × `scale`) with `play(options, seed, hash, frozen)`, which
 * feeds the game's trail into `hash` and returns a digest of it; prints the lines.
 */
export function runTrace<O, P>(configs: readonly TraceConfig<O>[], parse: (options: O) => P, play: (options: P, seed: number, h: Hash, frozen: boolean) => string, scale: number, width: number): void {
  const all = createHash('sha256');
  for (const c of configs) {
    const opts = parse(c.options);
    const h = createHash('sha256');
    const n = Math.max(1, Math.round(c.games * scale));
    let mismatches = 0;
    const t0 = performance.now();
    for (let g = 0; g < n; g++) {
      const seed = (g * 2654435761) | 0;
      const plain = play(opts, seed, h, false);
      if (g % 4 === 0 && play(opts, seed, createHash('sha256'), true) !== plain) mismatches++;
    }
    const digest = h.digest('hex').slice(0, 16);
    all.update(digest);
    process.stdout.write(`${c.name.padEnd(width)} ${String(n).padStart(5)} games  ${digest}${mismatches ? `  FROZEN REPLAY DIFFERS in ${mismatches}` : ''}  (${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
  }
  process.stdout.write(`${'all'.padEnd(width)} ${''.padStart(11)}  ${all.digest('hex').slice(0, 16)}\n`);
}
