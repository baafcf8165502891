/**
 * Rumble stalemates (issue #27): how often does careful play never end? The text has no
 * round cap ("The last Hero standing is declared the winner"); the engine stops a game
 * after `roundCap` rounds (default 50) and gives it to the highest Energy. The default
 * tables are played under random play, the heuristic (the default agent), the max^n
 * search of the price studies, the tuned MCTS at two budgets and (full) the learned seat
 * of the skill studies; per condition the report gives the share of games at the cap and
 * the share in which no Energy was lost, compares each agent with random play on the
 * same tables and seeds, links replays of the worst tables, and tunes the two house
 * rules that end stalls (sudden death, Energy drain) under the heuristic.
 */
import type { Report } from '../../src/analysis/report-model.js';
import { RUMBLE_MCTS, RUMBLE_PRICE_AGENT } from './common.js';
import { learnedAgentFor } from '../skill.js';
import { houseRuleSweep, playStallTable, slugOf as slug, stalemateReport, sweepReport, worstTables, type RuleSetting, type StallTable, type SweepMatchup } from '../stalemate-common.js';
import type { Study, StudyContext } from '../study.js';

const GAME_ID = 'rumble';

/** The default tables: the seed's game as the engine plays it by default, a duel, and the basic game without powers. */
const TABLES: readonly { readonly key: string; readonly label: string; readonly options: Record<string, unknown> }[] = [
  { key: 'default-4', label: 'default table (4 heroes, auction of 2 powers each)', options: {} },
  { key: 'duel', label: 'duel (2 heroes, auction)', options: { players: 2 } },
  { key: 'no-powers-4', label: '4 heroes, no powers', options: { auction: { perHero: 0 } } },
];

interface AgentPlan {
  readonly spec: string;
  readonly name: string;
  readonly games: number;
  /** Tables played (the first n of TABLES). */
  readonly tables: number;
}

const mctsAt = (iterations: number): string => RUMBLE_MCTS.replace(/iterations=\d+/, `iterations=${iterations}`);
const searchAt = (iterations: number): string => RUMBLE_PRICE_AGENT.replace(/iterations=\d+/, `iterations=${iterations}`);

function plansFor(full: boolean): AgentPlan[] {
  if (!full) {
    return [
      { spec: 'random', name: 'random', games: 6, tables: 3 },
      { spec: 'heuristic', name: 'heuristic', games: 6, tables: 3 },
      { spec: RUMBLE_PRICE_AGENT, name: 'max^n search, 50 iterations', games: 2, tables: 2 },
      { spec: searchAt(10), name: 'max^n search, 10 iterations', games: 2, tables: 1 },
      { spec: mctsAt(10), name: 'tuned mcts, 10 iterations', games: 1, tables: 1 },
      { spec: mctsAt(25), name: 'tuned mcts, 25 iterations', games: 1, tables: 1 },
    ];
  }
  // Six conditions, quick and full (the study's six slots): the learned seat when a model ships, else a cheaper search.
  const learned = learnedAgentFor(GAME_ID, true);
  return [
    { spec: 'random', name: 'random', games: 300, tables: 3 },
    { spec: 'heuristic', name: 'heuristic', games: 300, tables: 3 },
    { spec: RUMBLE_PRICE_AGENT, name: 'max^n search, 50 iterations', games: 100, tables: 3 },
    { spec: mctsAt(100), name: 'tuned mcts, 100 iterations', games: 20, tables: 1 },
    { spec: RUMBLE_MCTS, name: 'tuned mcts, 400 iterations', games: 10, tables: 1 },
    learned ? { spec: learned, name: 'learned seat (net-guided mcts)', games: 20, tables: 1 } : { spec: searchAt(10), name: 'max^n search, 10 iterations', games: 100, tables: 3 },
  ];
}

/** The house-rule settings swept (milder = later sudden death, smaller drain). */
function settingsFor(full: boolean): RuleSetting[] {
  const sudden = full ? [40, 30, 20, 10] : [20];
  const drain = full ? [1, 2, 3, 5] : [3];
  return [
    ...sudden.map((n) => ({ rule: 'suddenDeath', value: n, options: { suddenDeath: n }, mildness: n })),
    ...drain.map((n) => ({ rule: 'energyDrain', value: n, options: { energyDrain: n }, mildness: -n })),
  ];
}

/** Power duels whose shares a house rule should move least (the quick power set, paired). */
function sweepMatchups(full: boolean): SweepMatchup[] {
  const duels: [string, string][] = [
    ['tough-skin', 'combat-training'],
    ['regeneration', 'flight'],
    ['hidden-clone', 'galactic-ray-gun'],
  ];
  const fixed = (a: string, b: string) => ({ players: 2, fixed: [{ energy: 100, powers: [{ id: a, strength: 0 }] }, { energy: 100, powers: [{ id: b, strength: 0 }] }] });
  return duels.map(([a, b]) => ({ key: `${a}-v-${b}`, label: `${a} v ${b}`, ab: fixed(a, b), ba: fixed(b, a), games: full ? 50 : 4 }));
}

/** The agent the house rules are tuned under: the default agent, which stalls the default table. */
export const SWEEP_AGENT = 'heuristic';

export const rumbleStalemates: Study = {
  name: 'rumble-stalemates',
  gameId: GAME_ID,
  title: 'Rumble: how often careful play never ends, and the house rules that end it',
  question: 'How often does a Rumble game reach the round cap (which the text does not have) — and with no Energy lost at all — under random, heuristic, search and learned play at the default tables; and which mildest setting of sudden death or Energy drain brings that under 5% while moving the power matchups least?',
  agentSlots: ['condition 1 (every seat)', 'condition 2 (every seat)', 'condition 3 (every seat)', 'condition 4 (every seat)', 'condition 5 (every seat)', 'condition 6 (every seat)'],
  defaultAgents: (full) => plansFor(full).map((p) => p.spec),
  agentChoice: (full) => `the study compares agents by design: ${plansFor(full).map((p) => `"${p.spec}" (${p.name})`).join(', ')}, each in every seat of the same tables; the house rules are tuned under "${SWEEP_AGENT}"`,
  checkAgents: () => undefined,
  async run(ctx: StudyContext): Promise<Report> {
    const design = plansFor(ctx.full);
    const plans = ctx.agents ? [...new Set(ctx.agents)].map((spec) => ({ spec, name: spec, games: design[1]!.games, tables: TABLES.length })) : design;
    const tables: StallTable[] = [];
    for (const plan of plans) {
      for (const t of TABLES.slice(0, plan.tables)) {
        tables.push(await playStallTable(ctx, `${t.key}-${slug(plan.name)}`, t.label, `${plan.name}, ${t.label}`, { gameId: GAME_ID, options: t.options, agents: [plan.spec], games: plan.games, rotate: true }));
      }
    }
    // House rules that end stalls, tuned under the default agent on the default table.
    const matchups = sweepMatchups(ctx.full);
    const sweep = await houseRuleSweep(ctx, GAME_ID, SWEEP_AGENT, [{ key: 'default-4', label: TABLES[0]!.label, options: {}, games: ctx.full ? 200 : 8 }], matchups, settingsFor(ctx.full));
    const heuristicDefault = `heuristic, ${TABLES[0]!.label}`;
    return stalemateReport({
      id: 'rumble-stalemates',
      title: this.title,
      gameId: GAME_ID,
      question: this.question,
      ctx,
      tables,
      agentNames: plans.map((p) => p.name),
      groups: TABLES.map((t) => t.label),
      worst: (byCondition) => (byCondition.has(heuristicDefault) ? [worstTables(GAME_ID, tables, heuristicDefault, 3)] : []),
      stallsText: (baseline, summary) =>
        `Each agent plays every seat of the same tables (seats rotated, the same seeds): ${TABLES.map((t) => t.label).join('; ')}. A game stopped at the round cap (\`roundCap\`, default 50) goes to the highest Energy, which the text does not have; "no Energy lost" means no hero lost Energy in any round (tag \`energyLost\`: damage, Burn, Drain; auction payments are not counted). Each condition is one table per group, all on the same seeds, so its games are its seeds (the unit); differences against ${baseline} play are seed by seed on the same tables, t interval over seeds. ${summary}.`,
      sweepText: () =>
        `Two house rules, off by default and not in the text (src/games/rumble/README.md): \`suddenDeath\` N (after round N every living hero loses 5 × (rounds past N) Energy a round) and \`energyDrain\` D (every living hero loses D Energy a round). Each setting plays the default table under "${SWEEP_AGENT}" (the default agent, which stalls it) and ${matchups.length} power duels (both seat orders, the same seeds at every setting). The pick for each rule is its mildest setting whose share at the cap is shown under 5% (the 95% upper bound below 0.05); its cost is how far it moves the duels' shares. The same search on the command line: \`crucible tune rumble --param suddenDeath --range 5..40 --target stalls --agents heuristic\` and \`crucible compare\` of the base rules against the setting found.`,
      tuned: sweepReport(GAME_ID, SWEEP_AGENT, matchups, sweep),
    });
  },
};
