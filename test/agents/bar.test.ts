/**
 * `bar=…` for the learned and search agents (agents/barring.ts): restricted play of the
 * Ophidian card study under learned play. A barred agent never plays a barred Strategy card
 * where another legal action exists, plays it when nothing else is left, and `bar` on a game
 * without a barring filter is refused before any game.
 */
import { describe, expect, it } from 'vitest';
import { checkAgentSpec, createAgent } from '../../agents/index.js';
import { Rng } from '../../src/core/rng.js';
import { getGame } from '../../src/games/index.js';
import type { OphidianState } from '../../src/games/ophidian/state.js';
import { barredSpec } from '../../experiments/ophidian/common.js';

const game = getGame('ophidian');
const options = game.optionsSchema.parse({ decks: ['abe', 'betty'] });

/** The card id an action plays (from hand, Response, event Response, cost modifier), or null. */
function cardPlayed(s: OphidianState, a: string): string | null {
  const parts = a.split(':');
  return ['play', 'resp', 'ev', 'cm'].includes(parts[0]!) ? (s.t.card[Number(parts[1])]?.id ?? null) : null;
}

/** Real positions from heuristic-against-heuristic matches where the mover may play a Strategy card and do something else. */
function positions(seeds: readonly number[]): { state: unknown; player: number; legal: readonly string[] }[] {
  const out: { state: unknown; player: number; legal: readonly string[] }[] = [];
  for (const seed of seeds) {
    const agents = [createAgent('heuristic', game, new Rng(seed)), createAgent('heuristic', game, new Rng(seed + 1000))];
    let state = game.setup(options, seed);
    while (!game.isTerminal(state)) {
      const p = game.toMove(state)[0]!;
      const legal = game.legalActions(state, p) as readonly string[];
      const plays = legal.filter((a) => cardPlayed(state as OphidianState, a) !== null);
      if (plays.length > 0 && plays.length < legal.length) out.push({ state, player: p, legal });
      state = game.apply(state, [agents[p]!.act({ game, options, obs: game.observe(state, p), player: p, legal })]);
    }
  }
  return out;
}

describe('net:…,bar=… on Ophidian', () => {
  const found = positions([1, 2]);

  it('never plays a barred card where it is playable and something else is legal; unbarred, the policy plays those cards', () => {
    expect(found.length).toBeGreaterThan(30);
    let wouldPlay = 0;
    for (const [i, { state, player, legal }] of found.entries()) {
      const s = state as OphidianState;
      const obs = game.observe(state, player);
      const ctx = { game, options, obs, player, legal };
      // Bar the card the unbarred policy plays here, or else every card it could play.
      const free = createAgent('net:model=models/ophidian,transfer=1', game, new Rng(i)).act(ctx) as string;
      const freeCard = cardPlayed(s, free);
      if (freeCard !== null) wouldPlay++;
      const barred = freeCard !== null ? [freeCard] : [...new Set(legal.map((a) => cardPlayed(s, a)).filter((id): id is string => id !== null))];
      for (const spec of [`net:model=models/ophidian,transfer=1,bar=${barred.join('+')}`, `net:model=models/ophidian,transfer=1,temperature=1,bar=${barred.join('+')}`]) {
        const a = createAgent(spec, game, new Rng(i)).act(ctx) as string;
        expect(legal).toContain(a);
        const others = legal.some((x) => !barred.includes(cardPlayed(s, x) ?? ''));
        if (others) expect(barred).not.toContain(cardPlayed(s, a));
      }
    }
    // The bar changed the choice: the unbarred policy played the card it then may not play.
    expect(wouldPlay).toBeGreaterThan(5);
  });

  it('plays a barred card when every legal action plays a barred card', () => {
    const { state, player, legal } = found.find(({ state: s, legal: l }) => l.filter((a) => cardPlayed(s as OphidianState, a) !== null).length >= 2)!;
    const s = state as OphidianState;
    const onlyPlays = legal.filter((a) => cardPlayed(s, a) !== null);
    const ids = [...new Set(onlyPlays.map((a) => cardPlayed(s, a)!))];
    const a = createAgent(`net:model=models/ophidian,transfer=1,bar=${ids.join('+')}`, game, new Rng(1)).act({ game, options, obs: game.observe(state, player), player, legal: onlyPlays });
    expect(onlyPlays).toContain(a);
  });

  it('mcts with bar (net prior and heuristic rollouts) never plays a barred card either', () => {
    for (const [i, { state, player, legal }] of found.slice(0, 6).entries()) {
      const s = state as OphidianState;
      const ids = [...new Set(legal.map((a) => cardPlayed(s, a)).filter((id): id is string => id !== null))];
      for (const spec of [`mcts:prior=net:model=models/ophidian,transfer=1,iterations=20,bar=${ids.join('+')}`, `mcts:iterations=20,rollout=heuristic,depth=10,bar=${ids.join('+')}`]) {
        const a = createAgent(spec, game, new Rng(i)).act({ game, options, obs: game.observe(state, player), player, legal }) as string;
        expect(legal).toContain(a);
        expect(cardPlayed(s, a)).toBeNull();
      }
    }
  });
});

describe('bar parameter checks', () => {
  it('refuses bar on a game without a barring filter, naming the parameter, the value and what is allowed', () => {
    const duel = getGame('gladiator-duel');
    expect(() => checkAgentSpec('net:model=models/gladiator-duel,bar=war-cry', duel)).toThrow(
      /^agent spec "net:model=models\/gladiator-duel,bar=war-cry": bar is "war-cry" but gladiator-duel defines no barring filter; allowed: bar only for ophidian$/,
    );
    expect(() => checkAgentSpec('mcts:iterations=10,bar=war-cry', duel)).toThrow(/bar is "war-cry" but gladiator-duel defines no barring filter; allowed: bar only for ophidian/);
  });

  it('refuses a malformed card list on Ophidian', () => {
    expect(() => checkAgentSpec('net:model=models/ophidian,transfer=1,bar=War Cry', game)).toThrow(/^agent spec "net:model=models\/ophidian,transfer=1,bar=War Cry": bar is "War Cry"; allowed: Strategy card ids/);
  });

  it('a bare mcts with only bar is the tuned mcts barred: barring a card nobody holds changes no choice', () => {
    expect(() => checkAgentSpec('mcts:bar=war-cry', getGame('rumble'))).toThrow(/rumble defines no barring filter/);
    const { state, player, legal } = positions([3])[4]!;
    const ctx = { game, options, obs: game.observe(state, player), player, legal };
    expect(createAgent('mcts:bar=no-such-card', game, new Rng(5)).act(ctx)).toBe(createAgent('mcts', game, new Rng(5)).act(ctx));
  });

  it('barredSpec adds the card to a net spec (and to its existing bar list)', () => {
    expect(barredSpec('net:model=models/ophidian,transfer=1', 'war-cry')).toBe('net:model=models/ophidian,transfer=1,bar=war-cry');
    expect(barredSpec('net:model=models/ophidian,bar=showboat,transfer=1', 'war-cry')).toBe('net:model=models/ophidian,bar=showboat+war-cry,transfer=1');
    expect(() => checkAgentSpec(barredSpec('net:model=models/ophidian,transfer=1', 'war-cry'), game, options)).not.toThrow();
  });
});
