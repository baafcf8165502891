/**
 * Ophidian's card vocabulary on the effect kernel (src/core/effects): the values a number
 * or condition may name, the selectors, and the action table that turns an effect list
 * (`do: [{damage: 1, to: target}, …]`) into a `Step` program. A misspelt word is refused
 * with the closest allowed one.
 */
import { z } from 'zod';
import { UserError } from '../../../core/errors.js';
import { ActionTable, numField, type ActionEntry, type Scope, type Vocabulary } from '../../../core/effects/index.js';
import {
  CARD_SELECTORS,
  DAMAGE_KINDS,
  PLAYER_SELECTORS,
  type CardEnv,
  type CardSelector,
  type PlayerSelector,
  type Step,
} from './types.js';

const one = (c: number): readonly number[] => (c < 0 ? [] : [c]);

/** Card selectors as functions of the environment (card instances, in a fixed order). */
export const CARD_SELECT: Readonly<Record<CardSelector, (env: CardEnv) => readonly number[]>> = {
  self: (env) => one(env.card),
  host: (env) => one(env.w.hostOf(env.card)),
  target: (env) => env.targets,
  'event-source': (env) => one(env.event?.source ?? -1),
  'event-subject': (env) => one(env.event?.subject ?? -1),
  // Enemies are the players the controller may affect: its neighbours in multi-player (7.0 rule 2).
  'enemy-characters': (env) => {
    const out: number[] = [];
    for (const p of env.w.opponents(env.controller)) out.push(...env.w.characters(p));
    return out;
  },
  'ally-characters': (env) => env.w.characters(env.controller),
  'enemy-action': (env) => CARD_SELECT['enemy-characters'](env).filter((c) => env.w.inAction(c)),
  'all-characters': (env) => {
    const out: number[] = [];
    for (let p = 0; p < env.w.players; p++) if (p === env.controller || env.w.opponents(env.controller).includes(p)) out.push(...env.w.characters(p));
    return out;
  },
};

/**
 * Player selectors. "The opponent" is the other player in two-player. In multi-player (7.0)
 * it is the neighbour the controller named when acting or responding (`foe`), else the one
 * the effect is aimed at: the controller of an enemy target, else of the event, else the left
 * neighbour (continuous effects, which fire without a decision; README).
 */
function opponentOf(env: CardEnv): number {
  if (env.foe !== undefined && env.foe >= 0) return env.foe; // named in the action (legal.ts)
  const opps = env.w.opponents(env.controller);
  if (opps.length <= 1) return opps[0] ?? (env.controller + 1) % env.w.players;
  for (const t of env.targets) if (opps.includes(env.w.controllerOf(t))) return env.w.controllerOf(t);
  const ev = env.event && env.event.subject >= 0 ? env.w.controllerOf(env.event.subject) : -1;
  return opps.includes(ev) ? ev : opps[0]!;
}
export const PLAYER_SELECT: Readonly<Record<PlayerSelector, (env: CardEnv) => number>> = {
  you: (env) => env.controller,
  opponent: opponentOf,
  'host-controller': (env) => {
    const h = env.w.hostOf(env.card);
    return h < 0 ? env.controller : env.w.controllerOf(h);
  },
  'event-controller': (env) => (env.event ? env.w.controllerOf(env.event.subject) : env.controller),
};

const bool = (b: boolean) => (b ? 1 : 0);

/**
 * Values a number or condition may name. Character values read the entity of a `{stat, of}`
 * (plain names read the card itself); player values read the card's controller.
 */
const VALUES: Record<string, (env: CardEnv, who: number) => number> = {
  X: (env) => env.x,
  life: (env, c) => env.w.life(c),
  wounds: (env, c) => env.w.wounds(c),
  remaining: (env, c) => Math.max(0, env.w.life(c) - env.w.wounds(c)),
  admg: (env, c) => env.w.admg(c),
  rage: (env, c) => env.w.rage(c),
  level: (env, c) => env.w.level(c),
  vp: (env, c) => env.w.vp(c),
  raging: (env, c) => bool(env.w.rage(c) >= 0 && env.w.wounds(c) >= env.w.rage(c)),
  set: (env, c) => bool(env.w.isSet(c)),
  unset: (env, c) => bool(!env.w.isSet(c)),
  'in-action': (env, c) => bool(env.w.inAction(c)),
  'in-support': (env, c) => bool(!env.w.inAction(c)),
  cp: (env) => env.w.cp(env.controller),
  cheer: (env) => env.w.cheer(env.controller),
  'opponent-cheer': (env) => env.w.cheer(PLAYER_SELECT.opponent(env)),
  hand: (env) => env.w.handCount(env.controller),
  favorite: (env) => bool(env.w.favorite(env.controller)),
  'not-favorite': (env) => bool(!env.w.favorite(env.controller)),
  'event-amount': (env) => env.event?.amount ?? 0,
  characters: (env) => env.w.characters(env.controller).length,
};

/** The vocabulary for a card file whose keywords (species included) are `keywords`: each adds a value `kw:<word>` (1 when the card has it). */
export function vocabularyFor(keywords: readonly string[]): Vocabulary<CardEnv> {
  const values = { ...VALUES };
  for (const k of keywords) values[`kw:${k}`] = (env, c) => bool(env.w.hasKeyword(c, k));
  const selectors: Record<string, (env: CardEnv) => readonly number[]> = { ...CARD_SELECT };
  return { values, self: (env) => env.card, selectors };
}

const cardSel = z.enum(CARD_SELECTORS);
const playerSel = z.enum(PLAYER_SELECTORS);
const steps = z.array(z.unknown()).min(1);

type Entry = ActionEntry<CardEnv, Step, any>;
const run = (f: (env: CardEnv) => void): Step => ({ kind: 'run', run: f });

/** For each selected card instance. */
function each(sel: CardSelector, f: (env: CardEnv, c: number) => void): Step {
  const select = CARD_SELECT[sel];
  return run((env) => {
    for (const c of select(env)) f(env, c);
  });
}

const ENTRIES: Entry[] = [
  {
    name: 'damage',
    doc: 'deal damage of a kind (dmg, xdmg, ddmg, rdmg) to the selected characters',
    schema: z.object({ damage: numField(), to: cardSel.default('target'), kind: z.enum(DAMAGE_KINDS).default('dmg') }).strict(),
    nums: ['damage'],
    stages: () => [0],
    compile: (a, t) => {
      const n = t.num('damage');
      return each(a.to, (env, c) => env.w.damage(env.card, c, n(env), a.kind));
    },
  },
  {
    name: 'heal',
    doc: 'remove Wounds from the selected characters (3.9)',
    schema: z.object({ heal: numField(), to: cardSel.default('target') }).strict(),
    nums: ['heal'],
    stages: () => [0],
    compile: (a, t) => {
      const n = t.num('heal');
      return each(a.to, (env, c) => env.w.heal(c, n(env)));
    },
  },
  {
    name: 'destroy',
    doc: 'Destroy the selected characters',
    schema: z.object({ destroy: cardSel }).strict(),
    nums: [],
    stages: () => [0],
    compile: (a) => each(a.destroy, (env, c) => env.w.destroy(c)),
  },
  {
    name: 'scrap',
    doc: 'Scrap the selected cards (a Pump, Minion or Zone; its Pumps go with it)',
    schema: z.object({ scrap: cardSel }).strict(),
    nums: [],
    stages: () => [0],
    compile: (a) => each(a.scrap, (env, c) => env.w.scrap(c)),
  },
  {
    name: 'draw',
    doc: 'a player draws cards (only those left in the Arsenal, 3.3)',
    schema: z.object({ draw: numField(), who: playerSel.default('you') }).strict(),
    nums: ['draw'],
    stages: () => [0],
    compile: (a, t) => {
      const n = t.num('draw');
      const who = PLAYER_SELECT[a.who as PlayerSelector];
      return run((env) => env.w.draw(who(env), n(env)));
    },
  },
  {
    name: 'mill',
    doc: 'a player Scraps cards from the top of the Arsenal',
    schema: z.object({ mill: numField(), who: playerSel.default('opponent') }).strict(),
    nums: ['mill'],
    stages: () => [0],
    compile: (a, t) => {
      const n = t.num('mill');
      const who = PLAYER_SELECT[a.who as PlayerSelector];
      return run((env) => env.w.mill(who(env), n(env)));
    },
  },
  {
    name: 'advance',
    doc: 'move the selected characters to the Action Field (no standard-Advance limits, 3.5)',
    schema: z.object({ advance: cardSel }).strict(),
    nums: [],
    stages: () => [0],
    compile: (a) => each(a.advance, (env, c) => env.w.advance(c)),
  },
  {
    name: 'retreat',
    doc: 'move the selected characters to the Support Field (does not Set them, 3.5)',
    schema: z.object({ retreat: cardSel }).strict(),
    nums: [],
    stages: () => [0],
    compile: (a) => each(a.retreat, (env, c) => env.w.retreat(c)),
  },
  {
    name: 'set',
    doc: 'Set the selected cards (3.4)',
    schema: z.object({ set: cardSel }).strict(),
    nums: [],
    stages: () => [0],
    compile: (a) => each(a.set, (env, c) => env.w.setCard(c)),
  },
  {
    name: 'unset',
    doc: 'Unset the selected cards (3.4)',
    schema: z.object({ unset: cardSel }).strict(),
    nums: [],
    stages: () => [0],
    compile: (a) => each(a.unset, (env, c) => env.w.unsetCard(c)),
  },
  {
    name: 'gain-cp',
    doc: 'a player gains (or, negative, loses) CP; floored at 0 after the action (8.0)',
    schema: z.object({ 'gain-cp': numField(), who: playerSel.default('you') }).strict(),
    nums: ['gain-cp'],
    stages: () => [0],
    compile: (a, t) => {
      const n = t.num('gain-cp');
      const who = PLAYER_SELECT[a.who as PlayerSelector];
      return run((env) => env.w.gainCp(who(env), n(env)));
    },
  },
  {
    name: 'gain-cheer',
    doc: 'a player gains Cheer (3.11)',
    schema: z.object({ 'gain-cheer': numField(), who: playerSel.default('you') }).strict(),
    nums: ['gain-cheer'],
    stages: () => [0],
    compile: (a, t) => {
      const n = t.num('gain-cheer');
      const who = PLAYER_SELECT[a.who as PlayerSelector];
      return run((env) => env.w.gainCheer(who(env), n(env)));
    },
  },
  {
    name: 'attack-damage',
    doc: 'raise or lower the ADMG of the Attack being resolved (a response, 8.0)',
    schema: z.object({ 'attack-damage': numField() }).strict(),
    nums: ['attack-damage'],
    stages: () => [0],
    compile: (_a, t) => {
      const n = t.num('attack-damage');
      return run((env) => env.w.attackDamage(n(env)));
    },
  },
  {
    name: 'cost',
    doc: 'raise or lower the cost being paid (a "When a card\'s cost is being paid" modifier, 8.0)',
    schema: z.object({ cost: numField() }).strict(),
    nums: ['cost'],
    stages: () => [0],
    compile: (_a, t) => {
      const n = t.num('cost');
      return run((env) => env.w.costDelta(n(env)));
    },
  },
  {
    name: 'clear-cost',
    doc: 'remove every modifier played so far on the cost being paid (8.0 modifier example)',
    schema: z.object({ 'clear-cost': z.literal(true) }).strict(),
    nums: [],
    stages: () => [0],
    compile: () => run((env) => env.w.clearCost()),
  },
  {
    name: 'retarget',
    doc: 'the Attacker must choose a new valid target; with none the Attack fails (Hidden Danger, 8.0)',
    schema: z.object({ retarget: z.literal(true) }).strict(),
    nums: [],
    stages: () => [0],
    compile: () => run((env) => env.w.retarget()),
  },
  {
    name: 'channel',
    doc: 'use a (-) or (?) ability of the targeted Gladiator in your Funeral Pyre as part of this action (Channeling, 8.0)',
    schema: z.object({ channel: cardSel }).strict(),
    nums: [],
    stages: () => [0],
    compile: (a) => each(a.channel, (env, c) => env.w.channel(c)),
  },
  {
    name: 'flow',
    doc: 'resolve a (?) action: keep the Flow (+) or lose it (-) (2.5)',
    schema: z.object({ flow: z.enum(['+', '-']) }).strict(),
    nums: [],
    stages: () => [0],
    compile: (a) => run((env) => env.w.flowResult(a.flow === '+')),
  },
];

/** The action table; `roll` and `choose` hold nested effect lists and are added below. */
export const ACTIONS: ActionTable<CardEnv, Step> = new ActionTable<CardEnv, Step>([
  ...ENTRIES,
  {
    name: 'roll',
    doc: 'roll a die; `then` if the roll is at least `at-least`, else `else` (One-two Punch)',
    schema: z.object({ roll: z.number().int().min(2).max(20), 'at-least': numField(), then: steps, else: z.array(z.unknown()).default([]) }).strict(),
    nums: ['at-least'],
    stages: () => [0],
    compile: (a, t) => ({
      kind: 'roll',
      sides: a.roll,
      atLeast: t.num('at-least'),
      then: compileSteps(a.then, 'then', t.scope),
      else: compileSteps(a.else, 'else', t.scope),
    }),
  },
  {
    name: 'choose',
    doc: 'a player picks one option (a real decision: "or", "unless", "may" as an option with no effect)',
    schema: z
      .object({
        choose: playerSel,
        options: z.array(z.object({ label: z.string().min(1), do: z.array(z.unknown()).default([]) }).strict()).min(2),
      })
      .strict(),
    nums: [],
    stages: () => [0],
    compile: (a, t) => ({
      kind: 'choose',
      chooser: a.choose,
      who: PLAYER_SELECT[a.choose as PlayerSelector],
      labels: a.options.map((o: { label: string }) => o.label),
      branches: a.options.map((o: { do: unknown[] }, i: number) => compileSteps(o.do, `options.${i}.do`, t.scope)),
    }),
  },
]);

/** Parses and compiles an effect list; `field` names it in errors. */
export function compileSteps(list: readonly unknown[], field: string, scope: Scope<CardEnv>): Step[] {
  if (!Array.isArray(list)) throw new UserError(`${scope.where}: field ${field} is not a list; allowed: a list of actions`);
  return list.map((item, i) => ACTIONS.compile(ACTIONS.parse(item, `${field}.${i}`, scope), scope));
}

/**
 * Runs a step program to the end, asking `decide(player, labels)` at each choice — for
 * tests and for effects whose choices the engine has already turned into decisions.
 */
export function runSteps(steps: readonly Step[], env: CardEnv, decide: (player: number, labels: readonly string[]) => number): void {
  for (const s of steps) {
    if (s.kind === 'run') s.run(env);
    else if (s.kind === 'roll') runSteps(env.w.roll(s.sides) >= s.atLeast(env) ? s.then : s.else, env, decide);
    else {
      const k = decide(s.who(env), s.labels);
      runSteps(s.branches[k]!, env, decide);
    }
  }
}
