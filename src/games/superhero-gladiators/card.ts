/** The hero card as text: what `crucible build` prints. */
import type { Hero, Power } from './builder.js';

const fmt = (x: number, digits = 2) => (Number.isInteger(x) ? String(x) : x.toFixed(digits));
const usesText = (u: number) => (u === Infinity ? 'infinite' : String(u));

function powerLine(p: Power): string[] {
  const head = `  ${p.name} ${p.level}, uses ${usesText(p.uses)}${p.enhancements.length ? ', ' + p.enhancements.join(', ') : ''}`;
  const factors = [`${fmt(p.factors.level, 3)} (level)`, `${fmt(p.factors.uses, 4)} (uses)`, ...p.factors.modifiers.map((m) => `${fmt(m.factor)} (${m.enhancement})`)];
  const extra: string[] = [];
  if (p.mechanic === 'extra-limbs') extra.push(`${p.level - p.limbSegments} limb(s) to combat, ${p.limbSegments} to segments${p.limbSegmentList ? ` (${p.limbSegmentList.map((i) => `#${i + 1}`).join(', ')})` : ''}`);
  if (p.vision) extra.push(p.mechanic === 'darkness' ? `seen through by ${p.vision}` : `${p.vision} vision`);
  return [
    `${head.padEnd(62)} ${fmt(p.cost).padStart(8)}`,
    `      = ${factors.join(' x ')}`,
    `      ${p.text}${p.look ? ` — looks like: ${p.look}` : ''}${extra.length ? ` (${extra.join('; ')})` : ''}`,
  ];
}

/** A multi-line hero card. */
export function heroCard(h: Hero): string {
  const lines: string[] = [];
  lines.push(`${h.name}${h.sample ? ' (sample hero)' : ''}${h.look ? ` — ${h.look}` : ''}`);
  lines.push(`  STR ${h.STR}   DEX ${h.DEX}   SIZ ${h.SIZ}   PER ${h.PER}`);
  lines.push(`  combat modifier ${h.combatModifier} (2 x DEX + STR${h.combatModifier !== 2 * h.DEX + h.STR ? ' + extra limbs' : ''})   Oomph maximum ${h.oomphMax} (STR x SIZ x 3)   movement rate ${h.movementRate} (DEX x SIZ)`);
  const modes = Object.entries(h.rates).filter(([m]) => m !== 'normal');
  if (modes.length) lines.push(`  movement by power: ${modes.map(([m, r]) => `${m} ${r}`).join(', ')}`);
  lines.push(`  segments  ${h.segments.map((on, i) => `#${i + 1}[${on ? 'x' : ' '}]`).join(' ')}`);
  lines.push('  powers' + ' '.repeat(57) + 'cost');
  if (h.powers.length === 0) lines.push('  (none)');
  for (const p of h.powers) lines.push(...powerLine(p));
  lines.push(`  characteristics: ${h.characteristicPointsBought} point(s) bought x ${fmt(h.characteristicPrice)}`.padEnd(65) + fmt(h.characteristicCost).padStart(8));
  lines.push(`  total ${fmt(h.totalCost)} of ${h.budget} points (${fmt(h.budget - h.totalCost)} left)`);
  return lines.join('\n');
}
