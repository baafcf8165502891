/** Step 4 of Resolution: per defender, which attack points its Defense blocks and the damage left. */
import type { RoundResolution } from './round-resolution.js';

/**
 * The damage each attacker deals to defender `j`: ignored attacks dropped, unblockable
 * (pierced) attacks kept whole, then Defense blocks the chosen points.
 */
export function attackDamage(c: RoundResolution, j: number, trig: readonly boolean[], dmg: number[], blockable: number[], scratch: number[]): readonly number[] {
  const H = c.H;
  dmg.fill(0);
  blockable.fill(0);
  const ignoreBelow = c.marks.ignoreBelow === null ? 0 : c.marks.ignoreBelow[j]!;
  const pierce = c.marks.pierce;
  for (let i = 0; i < H; i++) {
    const a = c.atk[i * H + j]!;
    if (a <= 0) continue;
    if (a < ignoreBelow) continue;
    if (pierce !== null && pierce[i] && a > c.def[j]!) dmg[i] = a;
    else blockable[i] = a;
  }
  let def = c.def[j]!;
  const exact = c.reveals[j]?.blockAmounts;
  if (exact) {
    for (let i = 0; i < H; i++) {
      const b = Math.min(exact[i] ?? 0, blockable[i]!, def);
      blockable[i]! -= b;
      def -= b;
    }
  }
  const order = blockPriority(c, j, trig, scratch);
  for (const i of order) {
    const b = Math.min(blockable[i]!, def);
    blockable[i]! -= b;
    def -= b;
  }
  c.def[j] = def;
  for (let i = 0; i < H; i++) dmg[i]! += blockable[i]!;
  return order;
}

/**
 * The order in which Defense blocks attackers: the defender's chosen order, then (the
 * default) attackers whose powers trigger on dealing damage, then the largest attacks.
 */
function blockPriority(c: RoundResolution, j: number, trig: readonly boolean[], rest: number[]): number[] {
  const H = c.H;
  const chosen = c.reveals[j]?.blockOrder;
  // `rest` is Resolution's scratch: the caller walks it before the next defender is ordered.
  rest.length = 0;
  for (let i = 0; i < H; i++) if (c.atk[i * H + j]! > 0 && !(chosen && chosen.includes(i))) rest.push(i);
  // Insertion sort (a handful of attackers, a total order): triggering first, then largest, then seat.
  for (let x = 1; x < rest.length; x++) {
    const v = rest[x]!;
    let y = x - 1;
    while (y >= 0 && blocksAfter(rest[y]!, v, c, j, trig)) {
      rest[y + 1] = rest[y]!;
      y--;
    }
    rest[y + 1] = v;
  }
  if (!chosen || chosen.length === 0) return rest;
  const out: number[] = [];
  for (const i of chosen) if (i >= 0 && i < H && c.atk[i * H + j]! > 0 && !out.includes(i)) out.push(i);
  for (const i of rest) out.push(i);
  return out;
}

/** True if attacker `a` is blocked after attacker `b` by defender `j`. */
function blocksAfter(a: number, b: number, c: RoundResolution, j: number, trig: readonly boolean[]): boolean {
  if (trig[a] !== trig[b]) return trig[b]!;
  const H = c.H;
  const d = c.atk[b * H + j]! - c.atk[a * H + j]!;
  return d !== 0 ? d > 0 : a > b;
}
