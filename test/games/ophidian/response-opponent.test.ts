/**
 * Multi-player (7.0): "the opponent" of a Response is its player's choice between its two
 * neighbours (an `:o<seat>` suffix), as for a card played in the Flow — unless an enemy target
 * already names whose it is. The engine does not pick it.
 */
import { describe, expect, it } from 'vitest';
import { ophidian } from '../../../src/games/ophidian/index.js';
import { parseCardFile } from '../../../src/games/ophidian/cards/format.js';
import { ARSENAL, HAND, LOC, zoneOf, type OphidianState } from '../../../src/games/ophidian/state.js';
import { charactersOf, gladiatorsInPlay } from '../../../src/games/ophidian/view.js';
import { deepFreeze } from '../../core/contract.js';
import { decision, step, table, tableWith } from './play.js';

// A test card (not in the sample set): "(DR) When a character you control is Attacked, the opponent scraps the top 2 cards of its Arsenal."
const hex = parseCardFile(
  `sample: false
gladiators: []
strategies:
  - {id: hex, name: Hex, type: quick-hit, flow: DR, discipline: universal, level: 1, cost: 0, maintain: skull,
     when: attacked, of: ally, on-play: [{mill: 2, who: opponent}], text: "(DR) When a character you control is Attacked, the opponent scraps the top 2 cards of its Arsenal."}
`,
  'test cards',
).strategies.get('hex')!;

function fourPlayers(): { s: OphidianState; card: number } {
  const s = table(4, 0);
  // Seat 1's first card in hand becomes Hex.
  const card = s.zones.cards[zoneOf(1, HAND)]![0]!;
  return { s: { ...s, t: tableWith(s.t, s.t.card.map((c, i) => (i === card ? hex : c))) }, card };
}

describe('"the opponent" of a Response with two neighbours (7.0)', () => {
  it('the Defender names which neighbour its Response hits; the other is untouched', () => {
    const { s: start, card } = fourPlayers();
    const target = gladiatorsInPlay(start, 1).find((g) => start.loc[g] === LOC.action) ?? gladiatorsInPlay(start, 1)[0]!;
    const legal = (s: OphidianState) => ophidian.legalActions(s, ophidian.toMove(s)[0]!);
    const attacker = charactersOf(start, 0).find((c) => legal(start).includes(`atk:${c}:${target}`))!;
    let s = step(deepFreeze(start), `atk:${attacker}:${target}`);
    while (decision(s)!.name !== 'respond') s = step(s, legal(s).includes('allow') ? 'allow' : legal(s)[0]!);
    if (decision(s)!.player === 0) s = step(s, 'pass'); // the Flow holder first
    expect(decision(s)).toMatchObject({ player: 1, name: 'respond' });
    // Seat 1's neighbours are seats 0 and 2: both are offered, nothing else.
    expect(legal(s).filter((a) => a.startsWith(`resp:${card}`)).sort()).toEqual([`resp:${card}:o0`, `resp:${card}:o2`]);
    const arsenal = (x: OphidianState, p: number) => x.zones.cards[zoneOf(p, ARSENAL)]!.length;
    const after = step(s, `resp:${card}:o2`);
    expect(arsenal(after, 2)).toBe(arsenal(s, 2) - 2);
    expect(arsenal(after, 0)).toBe(arsenal(s, 0));
    const other = step(s, `resp:${card}:o0`);
    expect(arsenal(other, 0)).toBe(arsenal(s, 0) - 2);
    expect(arsenal(other, 2)).toBe(arsenal(s, 2));
  });
});
