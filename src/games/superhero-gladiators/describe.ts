/** Readable actions and states, for logs and replays. */
import { powerAt, segmentOf, turnOf, type ShgAction, type ShgState } from './state.js';

const DIRS = ['E', 'SE', 'SW', 'W', 'NW', 'NE'];

function heroName(s: ShgState, h: number): string {
  return s.setup.heroes[h]!.name;
}

function powerName(s: ShgState, h: number, slot: number): string {
  if (slot < 0) return 'punch';
  const p = powerAt(s, h, slot);
  return p ? p.name : `slot ${slot}`;
}

export function describeAction(s: ShgState, player: number, a: ShgAction): string {
  const h = s.stack.length === 0 && s.turn < s.order.length ? s.order[s.turn]! : -1;
  const who = h >= 0 ? heroName(s, h) : `side ${player}`;
  const cell = (c: number) => s.setup.map.grid.label(c);
  switch (a.k) {
    case 'pass':
      return `${who} waits`;
    case 'place':
      return `${who} is placed at ${cell(a.cell)}`;
    case 'move':
      return `${who} moves${a.p >= 0 ? ` by ${powerName(s, h, a.p)}` : ''} to ${cell(a.to)}`;
    case 'attack':
      return `${who} attacks ${heroName(s, a.target)}${a.gizmo >= 0 ? `'s ${powerName(s, a.target, a.gizmo)} gizmo` : ''} with ${powerName(s, h, a.p)}`;
    case 'wall':
      return `${who} attacks force wall ${a.wall} with ${powerName(s, h, a.p)}`;
    case 'use':
      return `${who} uses ${powerName(s, h, a.p)}${a.dir >= 0 ? ` toward ${DIRS[a.dir]}` : ''}`;
    case 'escape':
      return `${who} tries to escape the entangle`;
    case 'absorb':
      return `side ${player} ${a.yes ? 'absorbs' : 'does not absorb'} the blocked damage`;
    case 'copy':
      return a.slot < 0 ? `side ${player} copies nothing` : `side ${player} copies a power (slot ${a.slot})`;
  }
}

export function describeState(s: ShgState): string {
  const when = s.round === 0 ? 'placement' : `turn ${turnOf(s.round)} segment ${segmentOf(s.round)}`;
  const heroes = s.heroes
    .map((r, h) => `${heroName(s, h)} [side ${s.setup.side[h]}] ${r.cell >= 0 ? s.setup.map.grid.label(r.cell) : 'unplaced'} Oomph ${r.oomph}/${s.setup.heroes[h]!.oomphMax}${r.entangled ? ' entangled' : ''}${r.desolidUntil >= s.round ? ' desolid' : ''}`)
    .join('; ');
  const end = s.result ? ` — over (${s.endReason}): ${s.result.map((x) => Number(x.toFixed(3))).join('/')}` : '';
  return `${when}: ${heroes}${s.walls.length ? `; ${s.walls.length} force wall(s)` : ''}${s.clouds.length ? `; ${s.clouds.length} darkness cloud(s)` : ''}${end}`;
}
