/** The compact key of a Rumble action (search trees, de-duplication, the flow's legality check). */
import type { PowerUse, RumbleAction } from './types.js';

/**
 * A compact string identifying an action (for search trees and de-duplication). Search
 * asks for the key of every legal move at every visit of a node, so it is built by plain
 * concatenation (no closures or intermediate arrays).
 */
export function actionKey(a: RumbleAction): string {
  switch (a.t) {
    case 'pass':
      return 'pass';
    case 'bid':
      return `b${a.bids.join(',')}${a.discard?.length ? `d${a.discard.join(',')}` : ''}`;
    case 'alloc': {
      let key = 'a';
      for (let h = 0; h < a.heroes.length; h++) {
        const x = a.heroes[h]!;
        if (h > 0) key += '|';
        const attack = x.attack;
        for (let j = 0; j < attack.length; j++) {
          const v = attack[j];
          // As `join(',')`: a missing entry is empty.
          key += (j > 0 ? ',' : '') + (v == null ? '' : v);
        }
        key += '/' + x.defense + '/' + (x.reserve ?? 0) + '/';
        const uses = x.uses;
        if (uses) for (let k = 0; k < uses.length; k++) key += k > 0 ? ';' + useKey(uses[k]!) : useKey(uses[k]!);
      }
      return key;
    }
    case 'reveal':
    case 'award': {
      let key = jsonKeys.get(a);
      if (key === undefined) jsonKeys.set(a, (key = jsonKey(a)));
      return key;
    }
  }
}

/**
 * Keys built with JSON, kept per action object: a search asks for the key of each move
 * of a Reveal or award menu at every visit, and JSON.stringify per hero cost a twentieth
 * of a Rumble search (actions are immutable values, so a key never goes stale).
 */
const jsonKeys = new WeakMap<RumbleAction, string>();

function jsonKey(a: Extract<RumbleAction, { t: 'reveal' | 'award' }>): string {
  if (a.t === 'reveal') return 'r' + a.heroes.map((h) => JSON.stringify(h)).join('|');
  return 'w' + (a.curses?.join(',') ?? '') + '/' + (a.expert ? JSON.stringify(a.expert) : '') + '/' + (a.discard?.join(',') ?? '');
}

export function useKey(u: PowerUse): string {
  return u.power + ':' + (u.x ?? '') + ':' + (u.target ?? '') + ':' + (u.times ?? 1) + ':' + (u.victim ?? '');
}
