/**
 * Option paths for house-rule experiments: `lightApBonus`, `saves.heavy`,
 * `gladiators.0.strength`. A value is set on the game's *complete* default options (so a
 * path into a tuple or a nested object works even when the user gave no options), and
 * the result is validated by the game's own schema.
 */
import type { AnyGame } from '../../core/game.js';
import { UserError, showValue } from '../../core/errors.js';
import { parseWith } from '../../core/validate.js';

/** The game's options with every default filled in, after applying `overrides`. */
export function fullOptions(game: AnyGame, overrides: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  return parseWith(`${game.id} options`, game.optionsSchema, overrides) as Record<string, unknown>;
}

function keysOf(path: string): string[] {
  if (!/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/.test(path)) {
    throw new UserError(`option path is ${showValue(path)}; allowed: dot-separated field names and indices, e.g. lightApBonus or gladiators.0.strength`);
  }
  return path.split('.');
}

/** The value at `path` in `options` (undefined when absent). */
export function getPath(options: unknown, path: string): unknown {
  let v: unknown = options;
  for (const k of keysOf(path)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

/** A copy of `options` with `path` set to `value` (copies only along the path). */
export function setPath(options: Readonly<Record<string, unknown>>, path: string, value: unknown): Record<string, unknown> {
  const keys = keysOf(path);
  const set = (node: unknown, i: number): unknown => {
    if (i === keys.length) return value;
    const k = keys[i]!;
    if (Array.isArray(node)) {
      const idx = Number(k);
      if (!Number.isInteger(idx) || idx < 0 || idx >= node.length) {
        throw new UserError(`option path ${JSON.stringify(path)}: index ${showValue(k)} is out of range; allowed: 0..${node.length - 1}`);
      }
      const copy = node.slice();
      copy[idx] = set(node[idx], i + 1);
      return copy;
    }
    if (node === null || typeof node !== 'object' || !(k in node)) {
      throw new UserError(`option path ${JSON.stringify(path)}: field ${JSON.stringify(keys.slice(0, i + 1).join('.'))} does not exist; allowed: a documented option path (see \`crucible games\`)`);
    }
    return { ...(node as Record<string, unknown>), [k]: set((node as Record<string, unknown>)[k], i + 1) };
  };
  return set(options, 0) as Record<string, unknown>;
}

/** Checks that `path` names a numeric option of `game` and returns its default. */
export function numericDefault(game: AnyGame, base: Readonly<Record<string, unknown>>, path: string): number {
  const full = fullOptions(game, base);
  const v = getPath(full, path);
  if (v === undefined) setPath(full, path, 0); // throws the "does not exist" message
  if (typeof v !== 'number') {
    throw new UserError(`--param ${JSON.stringify(path)} is ${showValue(v)}, not a number; allowed: a numeric option of ${game.id}`);
  }
  return v;
}
