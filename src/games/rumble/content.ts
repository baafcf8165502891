/**
 * Checks a Rumble configuration before any game starts, so a set-up that cannot be played
 * is one UserError (the CLI exits 2 before the run) instead of N failed games: custom
 * powers (duplicate ids, ids of seed powers, how many), fixed heroes' powers (known ids,
 * known params, sane values: whole Energy where Energy is counted), auction lists.
 */
import { UserError } from '../../core/errors.js';
import { unknownWord } from '../../core/effects/index.js';
import type { RumbleOptions } from './options.js';
import type { PowerDef } from './powers/contract.js';
import { libraryWith, SEED_LIBRARY, type PowerLibrary } from './powers/library.js';
import { loadPowerFile } from './powers/vocabulary.js';

/** Most custom powers one configuration (a power file or `customPowers`) may add. */
export const MAX_CUSTOM_POWERS = 200;
/** Most lots an auction may hold (the bid menus and tables grow with it). */
export const MAX_LOTS = 64;

/** Params that count Energy or uses (a cost, an Activate/Exhaust limit, a cost reduction): whole numbers >= 0. */
export function countedParams(d: PowerDef): Set<string> {
  const out = new Set<string>();
  for (const v of [d.use?.spend, d.use?.burn, d.use?.drain, d.use?.activate, d.use?.exhaust, d.costReduction]) if (typeof v === 'string' && v !== 'X') out.add(v);
  return out;
}

/** Checks one param value of power `d` (given at `field`). */
export function checkParam(d: PowerDef, name: string, value: number, field: string): void {
  const where = 'rumble options';
  const names = Object.keys(d.params);
  if (!names.includes(name)) throw new UserError(`${where}: field ${field}: ${unknownWord('param', name, names)} (power ${d.id} has ${names.join(', ') || 'no params'})`);
  if (!Number.isFinite(value) || Math.abs(value) > 1_000_000) throw new UserError(`${where}: field ${field}.${name} is ${value}; allowed: a finite number from -1000000 to 1000000`);
  if (countedParams(d).has(name) && (!Number.isInteger(value) || value < 0))
    throw new UserError(`${where}: field ${field}.${name} is ${value}; allowed: a whole number >= 0 (it counts Energy or uses)`);
}

/** Every check; returns the library the configuration plays with. */
export function checkConfiguration(opts: RumbleOptions): PowerLibrary {
  const custom = opts.customPowers;
  if (custom.length > MAX_CUSTOM_POWERS)
    throw new UserError(`rumble options: field customPowers has ${custom.length} powers; allowed: at most ${MAX_CUSTOM_POWERS}`);
  const seen = new Set<string>();
  custom.forEach((p, i) => {
    const id = (p as { id?: unknown }).id;
    if (typeof id !== 'string') return;
    if (SEED_LIBRARY.has(id)) throw new UserError(`rumble options: field customPowers.${i}.id is ${JSON.stringify(id)}; allowed: an id no seed power has (give your version a new id)`);
    if (seen.has(id)) throw new UserError(`rumble options: field customPowers.${i}.id is ${JSON.stringify(id)}; allowed: each id once (it is given twice)`);
    seen.add(id);
  });
  const lib = libraryWith(custom);
  for (const d of lib.powers) for (const name of countedParams(d)) checkParam(d, name, d.params[name]?.value ?? 0, `power ${d.id} params`);
  opts.fixed?.forEach((hero, h) =>
    hero.powers.forEach((held, k) => {
      const field = `fixed.${h}.powers.${k}`;
      if (!lib.has(held.id)) throw new UserError(`rumble options: field ${field}.id: ${unknownWord('power', held.id, lib.ids)}`);
      const d = lib.get(held.id);
      for (const [name, v] of Object.entries(held.params ?? {})) checkParam(d, name, v, `${field}.params`);
    }),
  );
  const a = opts.auction;
  // A list given with another pool would be silently ignored (the lots come from the
  // random draw or the whole library): refuse it rather than guess which was meant.
  if (a.list.length > 0 && a.pool !== 'list')
    throw new UserError(`rumble options: field auction.list is ${JSON.stringify(a.list)} with auction.pool ${JSON.stringify(a.pool)}; allowed: a list only with auction.pool 'list' (set "pool": "list", or use auction.from to restrict a random draw)`);
  for (const [list, field] of [[a.list, 'auction.list'], [a.from, 'auction.from']] as const)
    list.forEach((id, i) => {
      if (!lib.has(id)) throw new UserError(`rumble options: field ${field}.${i}: ${unknownWord('power', id, lib.ids)}`);
    });
  const lots = a.pool === 'list' ? a.list.length : a.pool === 'all' ? (a.from.length || lib.ids.length) : Math.min(a.from.length || lib.ids.length, a.perHero * opts.players);
  if (!opts.fixed && lots > MAX_LOTS)
    throw new UserError(`rumble options: field auction.pool is ${JSON.stringify(a.pool)} with ${lots} lots; allowed: at most ${MAX_LOTS} lots (use auction.from or auction.list)`);
  return lib;
}

/** A user's power file, checked as a whole: each power, duplicate ids, seed ids, the cap. */
export function checkUserPowerFile(path: string): PowerDef[] {
  const defs = loadPowerFile(path);
  const where = `power file ${path}`;
  if (defs.length > MAX_CUSTOM_POWERS) throw new UserError(`${where}: field powers has ${defs.length} powers; allowed: at most ${MAX_CUSTOM_POWERS}`);
  for (const d of defs) {
    if (SEED_LIBRARY.has(d.id)) throw new UserError(`${where}: power ${JSON.stringify(d.id)}: field id is ${JSON.stringify(d.id)}; allowed: an id no seed power has (give your version a new id)`);
    for (const name of countedParams(d)) {
      const v = d.params[name]?.value ?? 0;
      if (!Number.isInteger(v) || v < 0) throw new UserError(`${where}: power ${JSON.stringify(d.id)}: field params.${name} is ${v}; allowed: a whole number >= 0 (it counts Energy or uses)`);
    }
  }
  return defs;
}
