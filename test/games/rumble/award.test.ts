/**
 * The award step after the auction (award.ts): the choices the seed gives a power's
 * winner once the results are known — a Curse's recipient ("If you win this power, an
 * opponent of you gets it"), Expert Training ("you may halve or double a single number,
 * in any other Power you won") and discards ("Heroes are permitted to discard any Powers
 * they have won but do not wish to use"; "will (or might choose to) discard when the
 * auction results are revealed"; "A Flaw can't be discarded when won").
 */
import { describe, expect, it } from 'vitest';
import { rumble, rumbleOptions, type RumbleAction, type RumbleState } from '../../../src/games/rumble/index.js';
import { createRumbleHeuristic } from '../../../src/games/rumble/heuristic.js';
import { Rng } from '../../../src/core/rng.js';
import { deepFreeze } from '../../core/contract.js';

const flaw = { id: 'test-flaw', name: 'Test Flaw', flaw: true, effects: [] };

function auction(lots: string[], players: number): RumbleState {
  return rumble.setup(rumbleOptions({ players, auction: { pool: 'list', list: lots }, customPowers: [flaw] }), 1);
}
const bid = (s: RumbleState, bids: number[][]) => rumble.apply(s, rumble.toMove(s).map((_, i) => ({ t: 'bid' as const, bids: bids[i]! })));
/** The award step with `moves` for the players named, the default for the others. */
const award = (s: RumbleState, moves: Record<number, RumbleAction>) => rumble.apply(s, rumble.toMove(s).map((p) => moves[p] ?? { t: 'award' as const }));
const ids = (s: RumbleState, h: number) => s.heroes[h]!.powers.map((p) => p.id);

describe('a Curse goes to the opponent its winner chooses', () => {
  it('the winner pays; the menu offers every living opponent; each choice lands where it says', () => {
    const s = deepFreeze(bid(auction(['blood-rage'], 4), [[7], [0], [0], [0]]));
    expect(s.phase).toBe('award');
    expect(rumble.toMove(s)).toEqual([0]);
    expect(s.heroes[0]!.energy).toBe(93);
    // Default: the strongest opponent, ties clockwise from the winner (hero 1); then heroes 2 and 3.
    expect(rumble.legalActions(s, 0)).toEqual([{ t: 'award' }, { t: 'award', curses: [2] }, { t: 'award', curses: [3] }]);
    for (const [move, to] of [[{ t: 'award' }, 1], [{ t: 'award', curses: [2] }, 2], [{ t: 'award', curses: [3] }, 3]] as const) {
      const n = award(s, { 0: move });
      expect(n.phase).toBe('alloc');
      expect(n.heroes.map((h) => h.powers.map((p) => `${p.id}@${p.strength}`))).toEqual([0, 1, 2, 3].map((h) => (h === to ? ['blood-rage@7'] : [])));
      expect(rumble.tags(n)[`powers_p${to}`]).toEqual(['blood-rage']);
    }
  });

  it('never to the winner itself, nor to a hero its own bids killed; one possible recipient: no question', () => {
    const s = bid(auction(['blood-rage'], 4), [[7], [0], [0], [0]]);
    expect(() => award(s, { 0: { t: 'award', curses: [0] } })).toThrow(/rumble award of player 0: field curses\.0 is 0; allowed: -1 \(default\) or one of 1, 2, 3 \(opponents alive\)/);
    // Hero 1 bids its all on Tough Skin and dies paying: the curse can go to 2 or 3 only.
    const dead = bid(auction(['blood-rage', 'tough-skin'], 4), [[7, 0], [0, 100], [0, 0], [0, 0]]);
    expect(dead.heroes[1]!.alive).toBe(false);
    expect(rumble.legalActions(dead, 0)).toEqual([{ t: 'award' }, { t: 'award', curses: [3] }]);
    expect(() => award(dead, { 0: { t: 'award', curses: [1] } })).toThrow(/field curses\.0 is 1/);
    // Two heroes: the only opponent gets it at once, and nobody has anything to decide.
    const two = bid(auction(['weak-hands'], 2), [[10], [0]]);
    expect(two.phase).toBe('alloc');
    expect(ids(two, 1)).toEqual(['weak-hands']);
  });
});

describe('Expert Training: its holder halves or doubles one number of another power it won', () => {
  const won = () => bid(auction(['expert-training', 'tough-skin', 'flight'], 2), [[5, 30, 10], [0, 0, 0]]);

  it('the menu: each number of each other power it won, in the direction that helps, or no change', () => {
    const s = won();
    expect(s.phase).toBe('award');
    // Powers: tough-skin (0), flight (1), expert-training (2: on-win powers come last).
    expect(ids(s, 0)).toEqual(['tough-skin', 'flight', 'expert-training']);
    // Default: the strongest other power's first number doubled (Tough Skin +20 -> +40).
    expect(rumble.legalActions(s, 0)).toEqual([
      { t: 'award' },
      { t: 'award', expert: [{ power: 1, param: 'cost', double: false }] },
      { t: 'award', expert: [null] },
    ]);
    expect(award(s, {}).heroes[0]!.powers[0]!.params).toEqual({ bonus: 40 });
    // Flight's Burn 5 halved (rounded: Energy is whole): Burn 3, Tough Skin as written.
    const f = award(s, { 0: { t: 'award', expert: [{ power: 1, param: 'cost', double: false }] } });
    expect(f.heroes[0]!.powers[1]!.params).toEqual({ cost: 3 });
    expect(f.heroes[0]!.powers[0]!.params).toEqual({});
    // "you may": no change at all.
    const none = award(s, { 0: { t: 'award', expert: [null] } });
    expect(none.heroes[0]!.powers.map((p) => p.params)).toEqual([{}, {}, {}]);
    // Off the menu but legal: halving Tough Skin (+10).
    expect(award(s, { 0: { t: 'award', expert: [{ power: 0, param: 'bonus', double: false }] } }).heroes[0]!.powers[0]!.params).toEqual({ bonus: 10 });
  });

  it('only powers its holder won: not itself, not a curse another winner gave it', () => {
    // Player 1 wins Blood Rage; its only opponent, player 0 (Expert Training and Tough Skin), gets it.
    const s = bid(auction(['expert-training', 'tough-skin', 'blood-rage'], 2), [[5, 30, 0], [0, 0, 10]]);
    expect(ids(s, 0)).toEqual(['tough-skin', 'expert-training', 'blood-rage']);
    const menu = rumble.legalActions(s, 0);
    expect(menu.some((m) => m.t === 'award' && m.expert?.some((e) => e && e.power !== 0))).toBe(false);
    expect(() => award(s, { 0: { t: 'award', expert: [{ power: 2, param: 'damage', double: true }] } })).toThrow(
      /rumble award of player 0: field expert\.0\.power is 2; allowed: one of 0 \(other powers it won with numbers\)/,
    );
    expect(() => award(s, { 0: { t: 'award', expert: [{ power: 1, param: 'factor', double: true }] } })).toThrow(/field expert\.0\.power is 1/);
    expect(() => award(s, { 0: { t: 'award', expert: [{ power: 0, param: 'bonnus', double: true }] } })).toThrow(/field expert\.0\.param is "bonnus"; allowed: one of bonus/);
    // Nor can a curse it received be discarded (it did not win it).
    expect(() => award(s, { 0: { t: 'award', discard: [2] } })).toThrow(/field discard\.0 is 2; allowed: one of 0, 1 \(powers it won, not Flaws\)/);
  });
});

describe('discarding a won power is decided once the results are known', () => {
  it('any won power but a Flaw; the menu offers environmental powers (Psuedonite); the bid is still paid', () => {
    const s = bid(auction(['psuedonite', 'tough-skin', 'test-flaw'], 3), [[10, 20, 0], [0, 0, 5], [0, 0, 5]]);
    expect(s.phase).toBe('award');
    // Player 0 won Psuedonite, Tough Skin and (lowest bid) a free Flaw copy.
    expect(ids(s, 0)).toEqual(['psuedonite', 'tough-skin', 'test-flaw']);
    expect(rumble.legalActions(s, 0)).toEqual([{ t: 'award' }, { t: 'award', discard: [0] }]);
    const n = award(s, { 0: { t: 'award', discard: [0, 1] } });
    expect(ids(n, 0)).toEqual(['test-flaw']);
    expect(n.heroes[0]!.energy).toBe(70);
    expect(rumble.tags(n)['powers_p0']).toEqual(['test-flaw']);
    expect(() => award(s, { 0: { t: 'award', discard: [2] } })).toThrow(/field discard\.0 is 2; allowed: one of 0, 1/);
    expect(() => award(s, { 0: { t: 'bid', bids: [0, 0, 0] } })).toThrow(/rumble award of player 0: field t is "bid"; allowed: "award" after the auction/);
  });

  it('the choices are simultaneous: every player with one moves at once, and each applies to what it won', () => {
    const s = bid(auction(['blood-rage', 'psuedonite'], 3), [[5, 0], [0, 10], [0, 0]]);
    expect(rumble.toMove(s)).toEqual([0, 1]);
    const n = award(s, { 0: { t: 'award', curses: [1] }, 1: { t: 'award', discard: [0] } });
    expect(ids(n, 1)).toEqual(['blood-rage']);
    expect(ids(n, 2)).toEqual([]);
  });

  it('a Sidekick discarded after the auction takes its hero out of play (rule 8: the hero follows the power)', () => {
    const s = bid(auction(['sidekick'], 2), [[20], [0]]);
    expect(s.heroes).toHaveLength(3);
    const n = award(s, { 0: { t: 'award', discard: [0] } });
    expect(n.heroes[2]!.alive).toBe(false);
    expect(n.heroes[0]!.energy).toBe(80);
    expect(rumble.toMove(n)).toEqual([0, 1]);
    const first = rumble.legalActions(n, 0)[0]!;
    expect(first.t === 'alloc' && first.heroes.length).toBe(1);
  });
});

describe('the heuristic in the award step', () => {
  const act = (s: RumbleState, p: number) =>
    createRumbleHeuristic({}, new Rng(1)).act({ game: rumble as never, options: s.opts, obs: s, player: p, legal: rumble.legalActions(s, p) });

  it('discards Psuedonite when it costs its holder most ("5 Energy for each Power they possess"), keeps it when it costs others more', () => {
    // Player 0 holds four powers, the others none: Psuedonite costs it 20 a round, them 0.
    const rich = bid(auction(['psuedonite', 'tough-skin', 'reflex-training', 'combat-training'], 4), [[10, 15, 15, 15], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]);
    expect(act(rich, 0)).toEqual({ t: 'award', discard: [0] });
    // Player 0 holds only Psuedonite, each other player two powers: it costs them 10, player 0 5.
    const poor = bid(auction(['psuedonite', 'tough-skin', 'reflex-training', 'combat-training', 'flight', 'meditation', 'hyper-immune-system'], 4), [
      [10, 0, 0, 0, 0, 0, 0],
      [0, 10, 10, 0, 0, 0, 0],
      [0, 0, 0, 10, 10, 0, 0],
      [0, 0, 0, 0, 0, 10, 10],
    ]);
    expect(act(poor, 0)).toEqual({ t: 'award' });
  });

  it('gives a curse to the opponent whose loss helps it most (here the strongest)', () => {
    // Players 2 and 3 paid 40 each; player 1 is at 100: Blood Rage on player 1.
    const s = bid(auction(['blood-rage', 'tough-skin', 'reflex-training'], 4), [[5, 0, 0], [0, 0, 0], [0, 40, 0], [0, 0, 40]]);
    expect(act(s, 0)).toEqual({ t: 'award' });
    expect(rumble.legalActions(s, 0)[0]).toEqual({ t: 'award' });
  });
});
