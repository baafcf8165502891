/** A hero's power list as a round changed it (discards leave nulls) against the state's. */
import type { HeldPower } from './types.js';

export function samePowers(a: readonly (HeldPower | null)[], b: readonly HeldPower[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function compact(ps: readonly (HeldPower | null)[]): HeldPower[] {
  const out: HeldPower[] = [];
  for (const p of ps) if (p) out.push(p);
  return out;
}
