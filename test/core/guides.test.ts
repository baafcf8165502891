/**
 * The guides in src/core/README.md ("Adding a game", "Adding a study", "Adding an agent" and its
 * "Adding an evaluator", "Adding a power or a card": a Rumble power file and a Superhero
 * Gladiators power type of your own), checked by doing
 * them: each guide's example block is written to a temporary folder (its relative imports
 * pointed at the real modules), registered the way the guide says (STUDIES, AGENT_KINDS)
 * and run through the same machinery the CLI uses. If a step the guide lists stops being
 * enough — a new required Study field, a registry that moved, a changed AgentKind — this fails.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STUDIES, getStudy } from '../../experiments/index.js';
import { checkStudyAgents, type Study } from '../../experiments/study.js';
import { runStudies } from '../../experiments/default.js';
import { AGENT_KINDS, VALUE_EVALUATORS, checkAgentSpec, createAgent, type AgentKind, type ValueEvaluatorKind } from '../../agents/index.js';
import { MctsAgent } from '../../agents/mcts/search.js';
import { GAMES, checkContentFile, getGame, superheroBuilder } from '../../src/games/index.js';
import type { AnyGame } from '../../src/core/game.js';
import { parse as parseYaml } from 'yaml';
import { checkGameContract } from './contract.js';
import { checkHeroFile } from '../../src/games/superhero-gladiators/index.js';
import { Rng } from '../../src/core/rng.js';
import { UserError } from '../../src/core/errors.js';
import { runMatch } from '../../src/sim/runner.js';

const root = resolve(__dirname, '../..');
const readme = readFileSync(join(root, 'src/core/README.md'), 'utf8');
const tmp = mkdtempSync(join(tmpdir(), 'crucible-guides-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The ```ts block of `section` whose first line names `file`, as a module in the temp folder. */
async function guideModule(section: string, file: string): Promise<Record<string, unknown>> {
  const start = readme.indexOf(`## ${section}\n`);
  expect(start, `src/core/README.md has no "## ${section}" section`).toBeGreaterThanOrEqual(0);
  const end = readme.indexOf('\n## ', start + 1);
  const text = readme.slice(start, end < 0 ? undefined : end);
  const block = [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.startsWith(`// ${file}\n`));
  expect(block, `"## ${section}" has no example block starting "// ${file}"`).toBeDefined();
  // The block lives at `file` in the repository: resolve its relative imports from there.
  const home = dirname(join(root, file));
  const code = block!.replace(/from '(\.\.?\/[^']+)'/g, (_m, spec: string) => `from '${resolve(home, spec).replace(/\.js$/, '.ts')}'`);
  const path = join(tmp, file.replace(/\//g, '_'));
  writeFileSync(path, code);
  return import(path);
}

/** The ```yaml block of `section` whose first line is `# file`, dedented, written to the temp folder; returns its path. */
function guideFile(section: string, file: string): string {
  const start = readme.indexOf(`## ${section}\n`);
  expect(start, `src/core/README.md has no "## ${section}" section`).toBeGreaterThanOrEqual(0);
  const end = readme.indexOf('\n## ', start + 1);
  const text = readme.slice(start, end < 0 ? undefined : end);
  const block = [...text.matchAll(/^( *)```yaml\n([\s\S]*?)^ *```/gm)].map((m) => m[2]!.split('\n').map((l) => l.slice(m[1]!.length)).join('\n')).find((b) => b.startsWith(`# ${file}\n`));
  expect(block, `"## ${section}" has no yaml block starting "# ${file}"`).toBeDefined();
  const path = join(tmp, file);
  writeFileSync(path, block!);
  return path;
}

/** Runs `body` with `item` added to a registry (the guide's "add it to the list" step), removing it after. */
async function withRegistered<T>(registry: readonly T[], item: T, body: () => Promise<void>): Promise<void> {
  (registry as T[]).push(item);
  try {
    await body();
  } finally {
    (registry as T[]).splice(registry.indexOf(item), 1);
  }
}

describe('"Adding a study" is enough to add a study', () => {
  it('the example registered in STUDIES is found by name, takes --agents, and runs to a report (its agents and why) through runStudies', async () => {
    const mod = await guideModule('Adding a study', 'experiments/gladiator-duel/first-seat.ts');
    const study = mod['gladiatorDuelFirstSeat'] as Study;
    // Step 2 of the guide: one line in experiments/index.ts (here pushed for the test's lifetime).
    await withRegistered(STUDIES, study, async () => {
      expect(getStudy('gladiator-duel-first-seat')).toBe(study);
      expect(checkStudyAgents(study, ['random'])).toEqual(['random']);
      const lines: string[] = [];
      const [outcome] = await runStudies([getStudy('gladiator-duel-first-seat')], {
        seed: 'guide', full: false, workers: 1, out: join(tmp, 'reports'), runs: join(tmp, 'runs'), command: 'test', progress: false, log: (l) => lines.push(l),
      });
      expect(outcome!.name).toBe('gladiator-duel-first-seat');
      const meta = JSON.parse(readFileSync(join(outcome!.reportDir, 'meta.json'), 'utf8')) as { sampleSizes: Record<string, number>; details: Record<string, unknown> };
      expect(meta.sampleSizes['games']).toBe(40);
      expect(meta.details['agents']).toEqual(study.defaultAgents(false));
      expect(outcome!.verdicts.some((v) => v.evidence.includes('over 40 games (95% Wilson)'))).toBe(true);
      // The report says who played and why (the study's required agentChoice).
      const html = readFileSync(join(outcome!.reportDir, 'index.html'), 'utf8');
      expect(html).toContain('Agents behind these verdicts');
      expect(html).toContain(study.agentChoice(false));
    });
  });
});

describe('"Adding an agent" is enough to add an agent kind', () => {
  it('the example kind added to AGENT_KINDS is usable by spec: checked, built, played by the runner; bad specs are one UserError', async () => {
    const mod = await guideModule('Adding an agent', 'agents/first-legal.ts');
    const kind = mod['FIRST_LEGAL_KIND'] as AgentKind;
    await withRegistered(AGENT_KINDS, kind, async () => {
      const game = getGame('gladiator-duel');
      expect(() => checkAgentSpec('first:explore=0.2', game)).not.toThrow();
      expect(() => checkAgentSpec('first:explore=2')).toThrow(UserError);
      expect(() => checkAgentSpec('first:greed=1')).toThrow(/unknown parameter "greed" \(value "1"\); allowed: explore/);
      // explore=0 always plays the first legal action.
      const agent = createAgent('first', game, new Rng(1));
      const state = game.setup(game.optionsSchema.parse({}), 1);
      const player = game.toMove(state)[0]!;
      const legal = game.legalActions(state, player);
      expect(agent.act({ game, options: game.optionsSchema.parse({}), obs: game.observe(state, player), player, legal })).toBe(legal[0]);
      const { records } = await runMatch({ gameId: 'gladiator-duel', options: {}, agents: ['first:explore=0.2', 'random'], games: 6, seed: 'guide' }, { workers: 1 });
      expect(records).toHaveLength(6);
      for (const r of records) expect(r.error).toBeUndefined();
    });
  });
});

describe('"Adding a power or a card" is enough to add a Superhero Gladiators power type of your own', () => {
  it('the example hero file passes the --hero-file check, builds its card, and its hero plays with the type\'s own numbers', async () => {
    const file = guideFile('Adding a power or a card', 'my-heroes.yaml');
    expect(() => checkContentFile('superhero-gladiators', file)).not.toThrow();
    const heroes = checkHeroFile(file);
    const [sal] = superheroBuilder.buildHeroes(heroes);
    const punch = sal!.powers[0]!;
    expect([punch.type, punch.mechanic, punch.name]).toEqual(['sonic-punch', 'close-attack', 'sonic punch']);
    expect(punch.numbers.damage!({ level: punch.level, STR: 4, DEX: 5, SIZ: 3, PER: 3 })).toBe(4 * punch.level);
    expect(superheroBuilder.heroCard(sal!)).toContain('sonic punch 2, uses infinite');
    // As the studies seat it: the hero (with its type) travels in the game options.
    const { records } = await runMatch({ gameId: 'superhero-gladiators', options: { heroes, teams: [[sal!.name], ['Amazon']], turnCap: 3 }, agents: ['heuristic'], games: 2, seed: 'guide' }, { workers: 1 });
    expect(records).toHaveLength(2);
    for (const r of records) expect(r.error).toBeUndefined();
  });
});

describe('"Adding an evaluator" is enough to add a leaf evaluator to mcts', () => {
  it('the example kind added to VALUE_EVALUATORS is usable as mcts:value=NAME: checked, built, played by the runner; bad specs are one UserError', async () => {
    const mod = await guideModule('Adding an agent', 'agents/evaluators/four-rollouts.ts');
    const kind = mod['FOUR_ROLLOUTS'] as ValueEvaluatorKind;
    await withRegistered(VALUE_EVALUATORS, kind, async () => {
      const game = getGame('gladiator-duel');
      expect(() => checkAgentSpec('mcts:value=rollouts4,iterations=20', game)).not.toThrow();
      expect(() => checkAgentSpec('mcts:value=rollouts4,depth=3', game)).toThrow(/value=rollouts4 scores leaves alone, so depth=3 does not apply/);
      expect(() => checkAgentSpec('mcts:value=rollouts5')).toThrow(/field value is "rollouts5"; allowed: "rollout", "net", "rollouts4"/);
      const agent = createAgent('mcts:value=rollouts4,iterations=20', game, new Rng(1));
      expect((agent as MctsAgent).config.leaves.about).toBe('rollouts4');
      const { records } = await runMatch({ gameId: 'gladiator-duel', options: {}, agents: ['mcts:value=rollouts4,iterations=20', 'random'], games: 4, seed: 'guide' }, { workers: 1 });
      expect(records).toHaveLength(4);
      for (const r of records) expect(r.error).toBeUndefined();
    });
    // Unregistered again, the word is refused as before.
    expect(() => checkAgentSpec('mcts:value=rollouts4')).toThrow(/allowed: "rollout", "net"$/);
  });
});

describe('"Adding a game" is enough to add a game', () => {
  it('the checklist\'s example (the toy Challenge), written out as a new game in a temporary folder and registered in GAMES, passes the shared contract and is played by the runner', async () => {
    // The game's one file, as a user would copy it: its own id, its imports pointed at the core.
    const home = join(root, 'src/games/toy');
    const code = readFileSync(join(home, 'challenge.ts'), 'utf8')
      .replace("id: 'toy-challenge'", "id: 'my-game'")
      .replace(/from '(\.\.?\/[^']+)'/g, (_m, spec: string) => `from '${resolve(home, spec).replace(/\.js$/, '.ts')}'`);
    expect(code).toContain("id: 'my-game'");
    const path = join(tmp, 'my-game.ts');
    writeFileSync(path, code);
    const game = (await import(path))['challenge'] as AnyGame;
    expect(() => getGame('my-game')).toThrow(UserError);
    // Step 6: one line in src/games/index.ts (here pushed for the test's lifetime).
    await withRegistered(GAMES, game, async () => {
      expect(getGame('my-game')).toBe(game);
      checkGameContract(game, game.optionsSchema.parse({}) as object, { games: 10, chance: true, agentChecks: 2 });
      const { records } = await runMatch({ gameId: 'my-game', options: {}, agents: ['mcts:iterations=20', 'random'], games: 4, seed: 'guide' }, { workers: 1 });
      expect(records).toHaveLength(4);
      for (const r of records) expect(r.error).toBeUndefined();
    });
    expect(() => getGame('my-game')).toThrow(UserError);
  });
});

describe('"Adding a power or a card" is enough to add a Rumble power', () => {
  it('the example power file passes the --power-file check, is auctioned and played; a misspelt field is one line naming file, power and field', async () => {
    const file = guideFile('Adding a power or a card', 'my-powers.yaml');
    expect(() => checkContentFile('rumble', file)).not.toThrow();
    const raw = parseYaml(readFileSync(file, 'utf8')) as { powers: object[] };
    const options = { players: 2, customPowers: raw.powers, auction: { pool: 'list', list: ['iron-skin', 'tough-skin'] } };
    const rumble = getGame('rumble');
    const state = rumble.setup(rumble.optionsSchema.parse(options), 1) as { auction: { lots: readonly string[] } | null };
    expect(state.auction?.lots).toContain('iron-skin');
    const { records } = await runMatch({ gameId: 'rumble', options, agents: ['heuristic'], games: 4, seed: 'guide' }, { workers: 1 });
    expect(records).toHaveLength(4);
    for (const r of records) expect(r.error).toBeUndefined();
    // The loader names the file, the power and the field, with the closest allowed word.
    const bad = join(tmp, 'bad-powers.yaml');
    writeFileSync(bad, readFileSync(file, 'utf8').replace('defense:', 'defence:'));
    expect(() => checkContentFile('rumble', bad)).toThrow(UserError);
    expect(() => checkContentFile('rumble', bad)).toThrow(/bad-powers\.yaml.*iron-skin.*defence.*did you mean `defense`/s);
  });
});
