/**
 * A card being paid for claims the cards its player discards as its play cost (3.3): they
 * leave the hand when the card is paid, after the cost modifiers (8.0), so until then they
 * may not be played as anything else. Found by the full ophidian-cards study: a player
 * discarded Fair Price to pay for Second Wind and then played that Fair Price as a cost
 * modifier in the same payment, and the payment failed ("no card at zone 5 index -1").
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../agents/index.js';
import { Rng } from '../../../src/core/rng.js';
import { ophidian } from '../../../src/games/ophidian/index.js';
import { HAND, SCRAP, zoneOf, type OphidianState } from '../../../src/games/ophidian/state.js';
import { decision, giveHand, idOf, position, step } from './play.js';

const withFlow = (s: OphidianState, p: number): OphidianState => ({ ...s, flowHolder: p, current: p, order: [0, 1], turn: p });

describe('cards claimed by a payment in progress', () => {
  it('a card discarded as a play cost is not offered as a cost modifier of that payment, and is Scrapped when the card is paid', () => {
    let s = withFlow(position(1), 0);
    s = giveHand(s, 0, ['second-wind', 'fair-price', 'price-gouging']);
    const wind = idOf(s, 0, 'second-wind');
    const fair = idOf(s, 0, 'fair-price');
    const gouging = idOf(s, 0, 'price-gouging');
    // Second Wind (P: discard a card) paying with Fair Price: the cost window opens (Fair Price, "of: any", could answer).
    s = step(s, `play:${wind}:d${fair}`);
    expect(decision(s)?.name).toBe('cost');
    expect(ophidian.toMove(s)).toEqual([0]);
    const moves = ophidian.legalActions(s, 0);
    expect(moves).not.toContain(`cm:${fair}`);
    expect(moves).toEqual(['pass']); // Price Gouging answers only an opponent's card
    expect(gouging).toBeGreaterThanOrEqual(0);
    while (decision(s)?.name === 'cost') s = step(s, 'pass');
    expect(s.zones.cards[zoneOf(0, SCRAP)]).toContain(fair);
    expect(s.zones.cards[zoneOf(0, HAND)]).not.toContain(fair);
    expect(s.zones.cards[zoneOf(0, HAND)]).toContain(gouging);
    expect(s.zones.cards[zoneOf(0, HAND)]).toHaveLength(3); // Price Gouging and the two cards drawn
  });

  it("the study's failing match (portal-psi-2 v portal-mystic-2, game seed 1781073731, heuristic seats) now plays to its end", () => {
    const options = ophidian.optionsSchema.parse({ decks: ['portal-psi-2', 'portal-mystic-2'] }) as never;
    const agents = [0, 1].map((seat) => createAgent('heuristic', ophidian as never, new Rng(seat)));
    let s = ophidian.setup(options, 1781073731);
    let steps = 0;
    for (; ophidian.toMove(s).length > 0; steps++) {
      const p = ophidian.toMove(s)[0]!;
      s = ophidian.apply(s, [agents[p]!.act({ game: ophidian as never, options, obs: ophidian.observe(s, p), player: p, legal: ophidian.legalActions(s, p) }) as string]);
    }
    expect(steps).toBeGreaterThan(178); // it failed at decision 179
    expect(s.endReason).not.toBe('');
  });
});
