/**
 * Team and Arsenal construction (1.4, 2.3, 3.1, 3.12, 6.0) and the deck file format.
 * A team that breaks a rule is refused in one line naming the deck, the rule and the fix:
 *
 *   deck "abe": team VP is 11; allowed: exactly 10 (3.1 and the publisher's errata)
 */
import YAML from 'yaml';
import { z } from 'zod';
import { UserError, parseErrorText } from '../../core/errors.js';
import { parseFields } from '../../core/effects/index.js';
import type { CardSet, Discipline, GladiatorCard, StrategyCard } from './cards/types.js';
import { readBoundedFile } from '../../core/content-file.js';

/** The construction numbers, each an option of the game with the rulebook's value as default. */
export interface ConstructionRules {
  /** Team VP total (3.1: "a combined total of 10 Victory Points"; errata: exactly). */
  readonly teamVp: number;
  /** true: the team totals exactly `teamVp`; false: at most. */
  readonly exactVp: boolean;
  /** Most Gladiators on a team (3.1: up to 4). */
  readonly maxTeam: number;
  /** Fewest cards in the Arsenal (2.3: at least 50). */
  readonly minArsenal: number;
  /** Most copies of one card (2.3: 3). */
  readonly maxCopies: number;
  /** true: an Arsenal may hold cards of disciplines no team Gladiator has (off by default, 6.0 Universal). */
  readonly offDiscipline: boolean;
}

export const RULEBOOK_CONSTRUCTION: ConstructionRules = {
  teamVp: 10,
  exactVp: true,
  maxTeam: 4,
  minArsenal: 50,
  maxCopies: 3,
  offDiscipline: false,
};

/** A deck as written in a deck file: the starting team, at most one Reinforcement, the Arsenal as card id → copies. */
export interface DeckSpec {
  readonly id: string;
  readonly name: string;
  readonly team: readonly string[];
  readonly reinforcement: string | null;
  readonly arsenal: Readonly<Record<string, number>>;
}

/** A checked deck: cards resolved, the Arsenal as a flat list of card ids (sorted, order comes from the shuffle). */
export interface Deck {
  readonly id: string;
  readonly name: string;
  readonly team: readonly GladiatorCard[];
  readonly reinforcement: GladiatorCard | null;
  readonly arsenal: readonly StrategyCard[];
}

const deckSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lowercase letters, digits and dashes'),
    name: z.string().min(1).optional(),
    team: z.array(z.string()).min(1),
    reinforcement: z.string().optional(),
    arsenal: z.record(z.string(), z.number().int().min(1).max(99)),
  })
  .strict();
const deckFileSchema = z.object({ decks: z.array(z.unknown()).min(1) }).strict();

/** Every discipline the team can ever use: any Level of its Gladiators (promotion reaches them, 4.0 step 4). */
function teamDisciplines(team: readonly GladiatorCard[]): Map<Discipline, { gladiators: number; maxLevel: number }> {
  const out = new Map<Discipline, { gladiators: number; maxLevel: number }>();
  for (const g of team) {
    const seen = new Set<Discipline>();
    for (const l of g.levels)
      for (const d of l.disciplines) {
        const e = out.get(d) ?? { gladiators: 0, maxLevel: 0 };
        if (!seen.has(d)) {
          e.gladiators++;
          seen.add(d);
        }
        e.maxLevel = Math.max(e.maxLevel, l.level);
        out.set(d, e);
      }
  }
  return out;
}

/** Checks a deck against the rules; returns it resolved or throws one line naming what is wrong. */
export function checkDeck(spec: DeckSpec, cards: CardSet, rules: ConstructionRules = RULEBOOK_CONSTRUCTION): Deck {
  const where = `deck ${JSON.stringify(spec.id)}`;
  const fail = (field: string, value: unknown, allowed: string): never => {
    throw new UserError(`${where}: ${field} is ${typeof value === 'string' ? JSON.stringify(value) : String(value)}; allowed: ${allowed}`);
  };
  const known = [...cards.gladiators.keys()].filter((k) => !cards.gladiators.get(k)!.reinforcement);
  if (spec.team.length > rules.maxTeam) fail('team size', spec.team.length, `1 to ${rules.maxTeam} Gladiators (3.1)`);
  const team: GladiatorCard[] = [];
  for (const id of spec.team) {
    const g = cards.gladiators.get(id);
    if (!g) fail('team Gladiator', id, `a Gladiator of the card set: ${known.join(', ')}`);
    if (g!.reinforcement) fail('team Gladiator', id, 'a Level-1 Gladiator; Reinforcements wait in the Gladiator Stack (3.12): name it as `reinforcement`');
    if (g!.levels[0]!.level !== 1) fail('team Gladiator', id, 'a Gladiator with a Level-1 side (3.1: all starting Gladiators are Level 1)');
    if (team.includes(g!)) fail('team Gladiator', id, 'one copy of each Gladiator per team (3.1)');
    team.push(g!);
  }
  const vp = team.reduce((t, g) => t + g.levels[0]!.vp, 0);
  if (rules.exactVp ? vp !== rules.teamVp : vp > rules.teamVp)
    fail('team VP', vp, `${rules.exactVp ? 'exactly' : 'at most'} ${rules.teamVp} (3.1${rules.exactVp ? ' and the publisher\'s errata' : ''}): ${team.map((g) => `${g.id} ${g.levels[0]!.vp}`).join(' + ')}`);
  let reinforcement: GladiatorCard | null = null;
  if (spec.reinforcement !== null) {
    const r = cards.gladiators.get(spec.reinforcement);
    if (!r || !r.reinforcement)
      fail('reinforcement', spec.reinforcement, `a Reinforcement of the card set (3.12): ${[...cards.gladiators.values()].filter((x) => x.reinforcement).map((x) => x.id).join(', ') || '(none)'}`);
    reinforcement = r!;
  }
  const disciplines = teamDisciplines(team);
  const arsenal: StrategyCard[] = [];
  for (const [id, copies] of Object.entries(spec.arsenal)) {
    const c = cards.strategies.get(id);
    if (!c) fail('Arsenal card', id, `a Strategy card of the card set (${cards.strategies.size} cards; see the card file)`);
    if (copies > rules.maxCopies) fail(`copies of ${id}`, copies, `at most ${rules.maxCopies} (2.3)`);
    if (c!.discipline !== 'universal' && !rules.offDiscipline) {
      const d = disciplines.get(c!.discipline);
      const have = [...disciplines.keys()].join(', ');
      if (!d) fail(`discipline of ${id}`, c!.discipline, `a discipline of the team (${have}) or Universal (6.0)`);
      if (d!.gladiators < 1 + c!.extra) fail(`Gladiators with ${c!.discipline} for ${id}`, d!.gladiators, `at least ${1 + c!.extra} (the card needs ${c!.extra} extra, 3.3)`);
      if (d!.maxLevel < c!.level) fail(`level of ${id}`, c!.level, `at most ${d!.maxLevel}, the highest ${c!.discipline} Level the team can reach (3.3)`);
    }
    for (let k = 0; k < copies; k++) arsenal.push(c!);
  }
  if (arsenal.length < rules.minArsenal) fail('Arsenal size', arsenal.length, `at least ${rules.minArsenal} Strategy cards (1.4, 2.3)`);
  return { id: spec.id, name: spec.name, team, reinforcement, arsenal };
}

/** Parses a deck file (YAML/JSON: `decks: [{id, name, team, reinforcement, arsenal: {card: copies}}]`) and checks every deck. */
export function parseDeckFile(text: string, cards: CardSet, where = 'deck file', rules: ConstructionRules = RULEBOOK_CONSTRUCTION): Deck[] {
  let raw: unknown;
  try {
    raw = YAML.parse(text);
  } catch (e) {
    throw new UserError(`${where}: not valid YAML/JSON (${parseErrorText(e)})`);
  }
  const file = parseFields(where, deckFileSchema, raw ?? {});
  const ids = new Set<string>();
  return file.decks.map((item, i) => {
    const d = parseFields(`${where}: deck #${i + 1}`, deckSchema, item);
    if (ids.has(d.id)) throw new UserError(`${where}: deck #${i + 1}: field id is ${JSON.stringify(d.id)}; allowed: an id not used by another deck of the file`);
    ids.add(d.id);
    try {
      return checkDeck({ id: d.id, name: d.name ?? d.id, team: d.team, reinforcement: d.reinforcement ?? null, arsenal: d.arsenal }, cards, rules);
    } catch (e) {
      if (e instanceof UserError) throw new UserError(`${where}: ${e.message}`);
      throw e;
    }
  });
}

export function loadDeckFile(path: string | URL, cards: CardSet, rules: ConstructionRules = RULEBOOK_CONSTRUCTION): Deck[] {
  const text = readBoundedFile('deck file', path);
  return parseDeckFile(text, cards, `deck file ${String(path)}`, rules);
}

/**
 * A legal Arsenal for any legal team, without choices: every card the team can play
 * (Level 1 first, then Level 2 and 3; by id within a Level), `maxCopies` each, until
 * `minArsenal` cards. Used for team studies where the Arsenal should follow the team.
 */
export function defaultArsenal(team: readonly GladiatorCard[], cards: CardSet, rules: ConstructionRules = RULEBOOK_CONSTRUCTION): Record<string, number> {
  const disciplines = teamDisciplines(team);
  const playable = [...cards.strategies.values()]
    .filter((c) => {
      if (c.discipline === 'universal') return true;
      const d = disciplines.get(c.discipline);
      return d !== undefined && d.gladiators >= 1 + c.extra && d.maxLevel >= c.level;
    })
    .sort((a, b) => a.level - b.level || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const out: Record<string, number> = {};
  let n = 0;
  for (const c of playable) {
    if (n >= rules.minArsenal) break;
    const k = Math.min(rules.maxCopies, rules.minArsenal - n);
    out[c.id] = k;
    n += k;
  }
  if (n < rules.minArsenal) throw new UserError(`team ${team.map((g) => g.id).join('+')}: playable Strategy cards give ${n} cards; allowed: at least ${rules.minArsenal} (add cards of its disciplines or Universal ones)`);
  return out;
}

/** Every legal starting team of the card set (sets of up to `maxTeam` Level-1 Gladiators with the VP rule), in a fixed order. */
export function legalTeams(cards: CardSet, rules: ConstructionRules = RULEBOOK_CONSTRUCTION): string[][] {
  const pool = [...cards.gladiators.values()].filter((g) => !g.reinforcement && g.levels[0]!.level === 1).sort((a, b) => (a.id < b.id ? -1 : 1));
  const out: string[][] = [];
  const pick = (start: number, chosen: GladiatorCard[], vp: number) => {
    if (chosen.length > 0 && (rules.exactVp ? vp === rules.teamVp : vp <= rules.teamVp)) out.push(chosen.map((g) => g.id));
    if (chosen.length === rules.maxTeam) return;
    for (let i = start; i < pool.length; i++) {
      const v = vp + pool[i]!.levels[0]!.vp;
      if (v <= rules.teamVp) pick(i + 1, [...chosen, pool[i]!], v);
    }
  };
  pick(0, [], 0);
  return out;
}
