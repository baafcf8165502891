/** The start of a round: round-start powers (Regeneration). */
import type { Draft } from '../../core/flow.js';
import { heroWith, type RumbleState } from './types.js';
import { cachedPowerInfo } from './legality.js';
import { NO_REVEALS, RoundResolution } from './round-resolution.js';
import { compact, samePowers } from './power-lists.js';

/** Runs the round-start powers (Regeneration) at the beginning of a round (the flow's Allocation `onBegin`), on the draft. */
export function startRound(d: Draft<RumbleState>): void {
  const s = d as RumbleState;
  let any = false;
  for (let h = 0; h < s.heroes.length && !any; h++) {
    const hero = s.heroes[h]!;
    // (A hero without powers needs no lookup: most rounds of most tables.)
    any = hero.alive && hero.powers.length !== 0 && holdsRoundStartPower(s, h);
  }
  if (!any) return;
  // The round-start powers' working data: this step's own (its Energy and power lists).
  const c = new RoundResolution(s, NO_REVEALS, false);
  c.eachPower((d, h, k) => d.roundStart?.(c, h, k));
  const heroes = s.heroes.map((h, i) =>
    c.energy[i] === h.energy && samePowers(c.powers[i]!, h.powers) ? h : heroWith(h, { energy: c.energy[i]!, powers: compact(c.powers[i]!) }),
  );
  d.heroes = heroes;
}

/**
 * True if the hero holds a power with a round-start effect. Most lists are unchanged since
 * the last round and cached; a new one is looked up in the library, not given a cache
 * entry (new lists here are short-lived: an entry per round costs more in GC than it saves).
 */
function holdsRoundStartPower(s: RumbleState, h: number): boolean {
  const info = cachedPowerInfo(s, h);
  if (info) return info.roundStart;
  const powers = s.heroes[h]!.powers;
  for (let k = 0; k < powers.length; k++) if (s.lib.get(powers[k]!.id).roundStart) return true;
  return false;
}
