/**
 * The power library: the seed's powers (data file + TypeScript powers) plus any user
 * powers given in the options. Libraries are immutable and cached per custom-power set,
 * so states share one library by reference.
 */
import { UserError } from '../../../core/errors.js';
import type { PowerDef } from './contract.js';
import { CODED_POWERS } from './coded.js';
import { compileSpec, loadPowerFile, type PowerSpec } from './vocabulary.js';

/**
 * Gives every definition the same shape (all fields present, in one order), so the
 * engine's hook lookups (`d.beforeDeal?.(...)`) stay monomorphic and fast.
 */
export function normalize(d: PowerDef): PowerDef {
  return {
    id: d.id,
    name: d.name,
    text: d.text,
    flaw: d.flaw,
    curse: d.curse,
    environmental: d.environmental ?? false,
    params: d.params,
    use: d.use,
    prior: d.prior,
    source: d.source,
    onWin: d.onWin,
    redirects: d.redirects,
    precognition: d.precognition,
    reflex: d.reflex,
    costReduction: d.costReduction,
    roundStart: d.roundStart,
    modify: d.modify,
    prepareUse: d.prepareUse,
    resolveUse: d.resolveUse,
    resolve: d.resolve,
    onAttacked: d.onAttacked,
    beforeDeal: d.beforeDeal,
    beforeTake: d.beforeTake,
    afterDeal: d.afterDeal,
    afterTake: d.afterTake,
    roundEnd: d.roundEnd,
    onEliminated: d.onEliminated,
  };
}

/** Seed powers written as data (powers/seed-powers.yaml). */
export const DATA_POWERS: readonly PowerDef[] = loadPowerFile(new URL('./seed-powers.yaml', import.meta.url)).map(normalize);

/** Every power of the seed text, in the order of the text's tables. */
export const SEED_POWERS: readonly PowerDef[] = [...DATA_POWERS, ...CODED_POWERS.map(normalize)];

export class PowerLibrary {
  private readonly byId: ReadonlyMap<string, PowerDef>;
  readonly ids: readonly string[];

  constructor(readonly powers: readonly PowerDef[]) {
    const map = new Map<string, PowerDef>();
    for (const p of powers) map.set(p.id, p);
    this.byId = map;
    this.ids = [...map.keys()];
  }

  get(id: string): PowerDef {
    const p = this.byId.get(id);
    if (!p) throw new UserError(`rumble: power ${JSON.stringify(id)} is unknown; allowed: ${this.ids.join(', ')}`);
    return p;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }
}

export const SEED_LIBRARY = new PowerLibrary(SEED_POWERS);

const cache = new Map<string, PowerLibrary>();

/** The seed library extended (or overridden, by id) with user powers. */
export function libraryWith(custom: readonly PowerSpec[]): PowerLibrary {
  if (custom.length === 0) return SEED_LIBRARY;
  const key = JSON.stringify(custom);
  let lib = cache.get(key);
  if (!lib) {
    const extra = custom.map((spec, i) => normalize(compileSpec(spec, `rumble customPowers.${i} (${JSON.stringify((spec as { id?: unknown }).id)})`)));
    const ids = new Set(extra.map((p) => p.id));
    lib = new PowerLibrary([...SEED_POWERS.filter((p) => !ids.has(p.id)), ...extra]);
    if (cache.size > 64) cache.clear();
    cache.set(key, lib);
  }
  return lib;
}
