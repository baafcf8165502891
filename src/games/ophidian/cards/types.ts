/**
 * Ophidian 2350's card words (rulebook 2.1, 2.2, 6.0) and the compiled shapes the card
 * loader produces. The engine sees cards only through these types: a card's abilities
 * are compiled once per card file into `Step` programs that act on an `OphidianWorld`.
 */

/** The six disciplines (6.0) plus Universal (any discipline satisfies it). */
export const DISCIPLINES = ['war', 'cybernetics', 'portal', 'bio-tek', 'psi', 'mystic'] as const;
export type Discipline = (typeof DISCIPLINES)[number];
export const CARD_DISCIPLINES = [...DISCIPLINES, 'universal'] as const;
export type CardDiscipline = (typeof CARD_DISCIPLINES)[number];

/** The five species (6.0); a Gladiator's species is one of its keywords (2.1 item 9). */
export const SPECIES = ['alien', 'construct', 'demon', 'human', 'spectral'] as const;
export type Species = (typeof SPECIES)[number];

/** Strategy card types (2.2). */
export const STRATEGY_TYPES = ['minion', 'pump', 'quick-hit', 'zone'] as const;
export type StrategyType = (typeof STRATEGY_TYPES)[number];

/**
 * Flow symbols (2.5, 2.6): actions `+ - ?`, responses `R OR DR`, `PASS` (an ability that
 * counts as a pass), and `continuous` (no symbol: always on, or a mandatory trigger).
 */
export const FLOW_SYMBOLS = ['+', '-', '?', 'R', 'OR', 'DR', 'PASS', 'continuous'] as const;
export type FlowSymbol = (typeof FLOW_SYMBOLS)[number];
/** The symbols a card can be *played* with (its upper-left corner, 3.3). */
export const PLAY_SYMBOLS = ['+', '-', '?', 'R', 'OR', 'DR'] as const;
export type PlaySymbol = (typeof PLAY_SYMBOLS)[number];

/** Damage kinds (3.6, 3.8, 3.10; glossary): generic DMG, XDMG (cannot be Intercepted/Protected). ADMG/DDMG/RDMG come from Attacks. */
export const DAMAGE_KINDS = ['dmg', 'xdmg', 'ddmg', 'rdmg'] as const;
export type DamageKind = (typeof DAMAGE_KINDS)[number];

/** Events a triggered ability can name: "After <event>" adds an event, "When <event>" modifies one (8.0). */
export const EVENTS = [
  'set', // a card became Set (Dripping Leak)
  'attacked', // a character was declared the target of an Attack
  'attacking', // a character declared an Attack
  'wounded', // a character took Wounds
  'destroyed', // a character was Destroyed
  'played', // a Strategy card was played
  'cost', // a card's cost is being paid (the 8.0 modifier example)
  'advanced',
  'retreated',
  'wave-end', // all players passed in a row
  'promoted', // a Gladiator was Promoted (Breather step 4)
  // Added after encoder version 1 (version 2 has a slot for every event; keep new ones at the end, the encoder indexes them in this order):
  'unset', // a Set card became Unset (an effect, Rage 3.10, the Breather's Unset 4.0 step 2)
  'scrapped', // a card in play was Scrapped (an effect, its host leaving play, maintenance, the four-Zone limit, an extra play cost) — not a Quick-Hit after use, not cards scrapped from hand (8.0 "In Play")
  'healed', // Wounds were removed from a character (an effect, a Promotion's heal); the amount is the Wounds removed
] as const;
export type EventName = (typeof EVENTS)[number];

/** Whose events trigger: the card itself, the character it Pumps, a character of yours, of an enemy, anyone. */
export const EVENT_SUBJECTS = ['self', 'host', 'ally', 'enemy', 'any'] as const;
export type EventSubject = (typeof EVENT_SUBJECTS)[number];

/** Selectors of characters (and cards) an action may apply to. */
export const CARD_SELECTORS = [
  'self', // the card whose ability this is (a Gladiator or Minion using its ability)
  'host', // the character a Pump is under
  'target', // the chosen target(s)
  'event-source', // e.g. the Attacker in "When a character is attacked"
  'event-subject', // e.g. the character that became Set
  'enemy-characters', // every character the opponents control
  'ally-characters', // every character you control
  'enemy-action', // enemy characters in the Action Field
  'all-characters',
] as const;
export type CardSelector = (typeof CARD_SELECTORS)[number];

/** Selectors of players. */
export const PLAYER_SELECTORS = ['you', 'opponent', 'host-controller', 'event-controller'] as const;
export type PlayerSelector = (typeof PLAYER_SELECTORS)[number];

/** What a target may be (Pumps name what they may be played on; abilities name their targets). */
export const TARGET_KINDS = ['character', 'gladiator', 'minion', 'pump', 'zone', 'pyre-gladiator'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];
export const SIDES = ['ally', 'enemy', 'any'] as const;
export type Side = (typeof SIDES)[number];
export const FIELDS = ['action', 'support', 'any'] as const;
export type FieldName = (typeof FIELDS)[number];

/** Stats a continuous `modify` can change while its card is in play (8.0 "Modifying Values"). */
export const MODIFIABLE = ['admg', 'ddmg', 'life', 'rage', 'hand-size', 'cost'] as const;
export type Modifiable = (typeof MODIFIABLE)[number];
/** Whom a continuous `modify` applies to (hand size and cost apply to players). */
export const MODIFY_TARGETS = ['host', 'self', 'you', 'opponent', 'ally-characters', 'enemy-characters'] as const;
export type ModifyTarget = (typeof MODIFY_TARGETS)[number];

/** What a target specification asks for. */
export interface TargetSpec {
  readonly kind: TargetKind;
  readonly side: Side;
  readonly field: FieldName;
  /** How many targets (Arachnabots: 2); fewer may be chosen when fewer exist ("up to"). */
  readonly count: number;
  readonly upTo: boolean;
  /** Only characters with this keyword (species included). */
  readonly keyword: string | null;
}

/**
 * The engine as card effects see it: reads and writes by card instance (`c`) or player
 * (`p`). The engine implements it over its draft state; tests implement it by recording.
 */
export interface OphidianWorld {
  readonly players: number;
  controllerOf(c: number): number;
  hostOf(c: number): number; // -1 when the card is not a Pump in play
  life(c: number): number; // -1 when the card has no Life value
  wounds(c: number): number;
  admg(c: number): number;
  rage(c: number): number; // -1 when the card has no Rage value
  level(c: number): number;
  vp(c: number): number;
  isSet(c: number): boolean;
  inAction(c: number): boolean;
  hasKeyword(c: number, keyword: string): boolean;
  characters(p: number): readonly number[];
  /** The other players p may affect: every other player in two-player, its left and right neighbours in multi-player (7.0), left first. */
  opponents(p: number): readonly number[];
  cp(p: number): number;
  cheer(p: number): number;
  handCount(p: number): number;
  /** True when `p` has strictly the most Cheer (3.11). */
  favorite(p: number): boolean;

  damage(source: number, target: number, amount: number, kind: DamageKind): void;
  heal(target: number, amount: number): void;
  destroy(c: number): void;
  scrap(c: number): void;
  draw(p: number, n: number): void;
  /** Scrap the top n cards of p's Arsenal. */
  mill(p: number, n: number): void;
  advance(c: number): void;
  retreat(c: number): void;
  setCard(c: number): void;
  unsetCard(c: number): void;
  gainCp(p: number, n: number): void;
  gainCheer(p: number, n: number): void;
  /** Changes the pending Attack's ADMG (a response during an Attack, 8.0 first-in first-out). */
  attackDamage(delta: number): void;
  /** The Attacker must choose a new target (Hidden Danger, 8.0 "Targeting"). */
  retarget(): void;
  /** Changes the cost of the card being paid for (8.0 modifier example). */
  costDelta(delta: number): void;
  /** Removes every modifier played so far on the cost being paid (8.0 example: "remove any modifiers from that card"). */
  clearCost(): void;
  /** A die roll from the state's stream. */
  roll(sides: number): number;
  /** Decides a `?` action: true keeps the Flow (+), false loses it (-). */
  flowResult(keep: boolean): void;
  /** Use a (-) or (?) ability of a Gladiator in your Funeral Pyre as part of this action (Channeling, 8.0). */
  channel(pyreGladiator: number): void;
}

/** Where an ability is evaluated. */
export interface CardEnv {
  readonly w: OphidianWorld;
  /** The card instance whose ability runs. */
  readonly card: number;
  /** The player who controls it. */
  readonly controller: number;
  /** Chosen targets (card instances), in choice order. */
  readonly targets: readonly number[];
  /** The event that triggered it: its subject and source card instances, its amount. */
  readonly event: { readonly subject: number; readonly source: number; readonly amount: number } | null;
  /** Multi-player: the neighbour its controller named as "the opponent" (7.0); absent or -1 when not chosen. */
  readonly foe?: number;
  /** X once chosen (8.0 "The X"), else 0. */
  readonly x: number;
}

export type Act = (env: CardEnv) => void;

/**
 * A compiled effect program. `run` acts at once; `roll` draws a die from the state's
 * stream; `choose` is a real decision of a player (an agent's legal action), so the
 * engine stops there and resumes with the branch taken.
 */
export type Step =
  | { readonly kind: 'run'; readonly run: Act }
  | { readonly kind: 'roll'; readonly sides: number; readonly atLeast: (env: CardEnv) => number; readonly then: readonly Step[]; readonly else: readonly Step[] }
  | { readonly kind: 'choose'; readonly chooser: PlayerSelector; readonly who: (env: CardEnv) => number; readonly labels: readonly string[]; readonly branches: readonly (readonly Step[])[] };

/** A cost left of the colon (3.3): all must be paid in full before the effect. */
export interface Cost {
  readonly cp: (env: CardEnv) => number;
  readonly set: boolean;
  readonly life: (env: CardEnv) => number;
  readonly discard: number;
  readonly scrapMinion: number;
  readonly scrapSelf: boolean;
  /** X is chosen by the player when paying (8.0 "The X"). */
  readonly xChosen: boolean;
  /** The printed CP cost when it is a plain number (what `cp` always returns): read without building an environment. */
  readonly fixed?: number;
}

export interface Trigger {
  /** `after` adds an event to the chain; `when` modifies an event before it resolves (8.0). */
  readonly timing: 'after' | 'when';
  readonly event: EventName;
  readonly of: EventSubject;
}

export interface Ability {
  readonly name: string;
  readonly text: string;
  readonly flow: FlowSymbol;
  readonly cost: Cost;
  readonly trigger: Trigger | null;
  /** Conditions that must hold to use it (crowd favourite, Raging, Unset, field, keyword…); null = always. */
  readonly condition: ((env: CardEnv) => boolean) | null;
  /** Raging-only (🤡) or not-while-Raging ((🔥)) abilities (3.10). */
  readonly raging: 'any' | 'only' | 'never';
  readonly target: TargetSpec | null;
  readonly steps: readonly Step[];
  /** Its effects name "the opponent" (a `who: opponent`, a `mill`, `opponent-cheer`): in multi-player its controller picks which neighbour (7.0). */
  readonly namesOpponent?: boolean;
  /** Continuous stat changes while the card is in play (Pumps, Zones, Gladiators). */
  readonly modifiers: readonly { readonly stat: Modifiable; readonly by: (env: CardEnv) => number; readonly to: ModifyTarget }[];
  /** For `?` abilities/cards: the Flow is kept (+) only when these hold after the effect (2.5); null = kept if the effect set it. */
  readonly keepFlowIf: ((env: CardEnv) => boolean) | null;
}

/** One Level of a Gladiator (one side of a double-sided card). */
export interface GladiatorLevel {
  readonly level: number;
  readonly disciplines: readonly Discipline[];
  readonly vp: number;
  readonly life: number;
  readonly rage: number;
  readonly admg: number;
  readonly abilities: readonly Ability[];
}

export interface GladiatorCard {
  readonly kind: 'gladiator';
  readonly id: string;
  readonly name: string;
  readonly species: Species;
  readonly keywords: readonly string[];
  readonly reinforcement: boolean;
  /** Reinforcements' maintenance, which MUST be paid (3.12); 0 for others. */
  readonly maintain: number;
  /** Levels in ascending order; Levels 1+2 share a double-sided card, 3+4 the next (2.1). */
  readonly levels: readonly GladiatorLevel[];
  readonly text: string;
}

export interface StrategyCard {
  readonly kind: 'strategy';
  readonly id: string;
  readonly name: string;
  readonly type: StrategyType;
  readonly flow: PlaySymbol;
  readonly discipline: CardDiscipline;
  /** Additional Gladiators with the discipline the card needs (smaller symbols, 3.3); no Level requirement. */
  readonly extra: number;
  readonly level: number;
  readonly cost: Cost;
  /** Maintenance CP; `null` = skull (cannot be maintained, 4.0 step 3). */
  readonly maintain: number | null;
  readonly mustMaintain: boolean;
  readonly keywords: readonly string[];
  readonly unique: boolean;
  /** What a Pump is played on / what a Quick-Hit targets when played. */
  readonly target: TargetSpec | null;
  /** For Responses (R, OR, DR): the event they answer (8.0). */
  readonly trigger: Trigger | null;
  /** A Minion's Life, Rage (-1 = none) and ADMG (-1 = cannot Attack). */
  readonly minion: { readonly life: number; readonly rage: number; readonly admg: number } | null;
  /** Effect when it enters play (3.3), e.g. a Quick-Hit's whole effect. */
  readonly onPlay: readonly Step[];
  /** Its on-play effects name "the opponent" (see Ability). */
  readonly namesOpponent?: boolean;
  readonly keepFlowIf: ((env: CardEnv) => boolean) | null;
  readonly abilities: readonly Ability[];
  readonly text: string;
}

export type Card = GladiatorCard | StrategyCard;

/** A loaded card file: every card by id, and whether it is the shipped sample. */
export interface CardSet {
  readonly sample: boolean;
  readonly gladiators: ReadonlyMap<string, GladiatorCard>;
  readonly strategies: ReadonlyMap<string, StrategyCard>;
}
