/**
 * The MCTS family in one search loop; the game's shape decides which variant runs.
 *
 * - **UCT** (Kocsis & Szepesvári 2006) at nodes where one player moves: untried actions
 *   first, then the child maximising mean + c·sqrt(ln(availability) / visits).
 * - **Information-set MCTS** (SO-ISMCTS, Cowling et al. 2012): every iteration starts
 *   from a fresh `game.determinize(obs, player, rng)`, the tree is keyed by action keys
 *   and UCB uses availability counts. For perfect-information games the determinization
 *   is the state itself and this is plain UCT.
 * - **Simultaneous moves** (several players in `toMove`): decoupled statistics per
 *   player, chosen independently by UCB (`sm=duct`, decoupled UCT), by regret matching
 *   with γ-exploration (`sm=rm`, Lanctot et al. 2013), or, with a network, by decoupled
 *   PUCT over each mover's own statistics and the policy head's prior (`sm=puct`: the one
 *   way a trained policy steers a game whose every decision is simultaneous, Rumble's;
 *   under `rm`/`duct` the prior is read at one-mover nodes only). The child is keyed by the joint
 *   move. The final move there is by default *sampled* from the player's mixed strategy
 *   (visit shares for DUCT, the average strategy for RM), since a pure move is
 *   exploitable; `final=most|mean` plays the most played or best-scoring move instead
 *   (a best reply to the field the search assumed, for games with many players where
 *   being exploited by one opponent matters less than playing well against the table).
 * - **max^n backups**: every node sums the whole return vector, and each mover maximises
 *   its own component, for any number of players. `backup=paranoid` credits every other
 *   player with one minus the decider's return instead (a coalition against it).
 * - **Opponent model** (`opponents=heuristic`): the other players' moves are the game
 *   heuristic's choices, asked once per node and seat, so the tree branches only on the
 *   decider's own moves (a best reply to a model rather than an equilibrium search).
 *
 * Chance is resolved inside `apply`, so the tree is open loop (see node.ts). The final
 * move at a one-mover root is the most visited action.
 *
 * Two optional aids for games where a turn is a chain of decisions by one player and
 * chance (dice, the foe's AP roll) lies between the turns:
 * - `turns=N`, a horizon: the tree stops N turns after the decider's own (a turn ends
 *   when the player to move changes) and scores what lies beyond with `evaluate`. An
 *   open-loop tree merges every dice outcome at the foe's nodes, so below them it
 *   averages replies chosen for no particular roll; a good `evaluate` that prices the
 *   reply in expectation is then the better judge, and the budget goes to the turn
 *   being planned.
 * - `prior=heuristic`, progressive bias (Chaslot et al. 2008): at one-mover nodes the
 *   game's heuristic agent's choice is expanded first and gets `bias / (visits + 1)`
 *   added to its UCB value, so the search starts from a sound plan and leaves it only
 *   on evidence.
 *
 * How leaves are valued and where priors come from is not this file's business: the
 * search takes an `Evaluator` (agents/evaluators/: rollouts, the game's heuristic, a
 * network, a mix) for its leaves and, optionally, a `Guide` whose prior steers selection
 * (PUCT, or progressive bias toward the prior's favourite).
 *
 * Budget: `iterations` (default), or `timeMs`. A time budget is the one place a clock
 * is read; it makes results depend on machine speed and load, so experiments that must
 * be reproducible use iterations.
 */
import type { Agent, AgentFactory, DecisionContext } from '../../src/core/agent.js';
import type { AnyGame } from '../../src/core/game.js';
import type { Rng } from '../../src/core/rng.js';
import { ActionStats, LegalRows, Node, type ActionKey } from './node.js';
import { addDirichletNoise } from '../learned/dirichlet.js';
import type { Evaluator, EvaluatorFactory, Guide, SearchSetting } from '../evaluators/evaluator.js';
import { rolloutEvaluator } from '../evaluators/rollout.js';

export type SimultaneousMethod = 'duct' | 'rm' | 'puct';
/** How the decider's move is picked at a simultaneous-move root. */
export type FinalRule = 'sample' | 'most' | 'mean';

export interface MctsConfig {
  /** Iterations per decision (Infinity when only a time budget is given). */
  readonly iterations: number;
  /** Milliseconds per decision; 0 for none. */
  readonly timeMs: number;
  /** UCB exploration constant (returns are in [0, 1]). */
  readonly c: number;
  /**
   * Scores every leaf (agents/evaluators/): `evaluate(state, cut)` with `cut` where the
   * search stops at its horizon or depth limit rather than at a just-expanded node.
   */
  readonly leaves: EvaluatorFactory;
  /**
   * Where selection takes a prior from, and how: `puct` at one-mover nodes (and at
   * simultaneous ones under `sm=puct`), `bias` (progressive bias: the prior's favourite is
   * expanded first and gets `bias / (visits + 1)` added to its UCB value). Absent: none.
   */
  readonly guide?: Guide;
  /** Selection at simultaneous-move nodes. */
  readonly sm: SimultaneousMethod;
  /** Regret matching: share of uniform exploration mixed into the strategy. */
  readonly gamma: number;
  /** Weight of the guide's progressive bias (`guide.rule` bias; in units of return, which lies in [0, 1]). */
  readonly bias: number;
  /**
   * Turns the tree looks past the deciding player's own: a turn ends when the player
   * (or set of players) to move changes, and states beyond the horizon are scored by
   * the game's `evaluate` without expanding. Infinity: no horizon.
   */
  readonly turns: number;
  /**
   * The tree's depth limit in moves (a joint move at a simultaneous node is one ply):
   * a state this many moves below the root is scored by `evaluate`, never expanded.
   * The horizon for games where every player moves at once, whose turns never change
   * hands (Rumble: `plies=1` is a best reply for this round, priced by `evaluate`).
   * Infinity: no limit.
   */
  readonly plies: number;
  /**
   * The final move at a simultaneous-move root: `sample` from the decider's mixed
   * strategy, `most` its most played action (RM: largest average-strategy weight, DUCT:
   * most visits), `mean` the action with the best mean return.
   */
  readonly final: FinalRule;
  /**
   * Builds the agent that models the other players (a heuristic); absent: the others
   * are searched like the decider. With a model, every move of a player other than the
   * decider is the model's choice (asked once per node and seat, open loop), so the
   * tree branches only on the decider's own moves and grows deep.
   */
  readonly opponentAgent?: AgentFactory;
  /** With an opponent model: how many of its answers each node keeps per seat. */
  readonly draws: number;
  /**
   * `maxn`: every player maximises its own return. `paranoid` (Sturtevant & Korf 2000;
   * in MCTS, Nijssen & Winands 2011): every other player is credited with one minus the
   * decider's return, i.e. the others are searched as a coalition against the decider,
   * so the decider's move is a robust reply rather than one that trusts the others to
   * pursue their own ends.
   */
  readonly backup: 'maxn' | 'paranoid';
  /** Self-play only: Dirichlet noise mixed into the root priors (weight epsilon, concentration alpha). */
  readonly rootNoise?: { readonly epsilon: number; readonly alpha: number };
}

export const DEFAULT_MCTS: MctsConfig = { iterations: 400, timeMs: 0, c: 1.4, leaves: rolloutEvaluator(Infinity), sm: 'rm', gamma: 0.1, bias: 1, turns: Infinity, plies: Infinity, draws: 1, final: 'sample', backup: 'maxn' };

/** What the search learnt about one root action of the deciding player. */
export interface RootActionStats {
  readonly action: unknown;
  readonly key: ActionKey;
  readonly visits: number;
  /** Mean return of the deciding player after this action (NaN if never tried). */
  readonly mean: number;
  /** Probability the final-move rule gives this action. */
  readonly prob: number;
}

/** The root after a search: whether the decider moved simultaneously, and its actions. */
export interface RootAnalysis {
  readonly simultaneous: boolean;
  readonly actions: readonly RootActionStats[];
  /** The search's estimate of every seat's return from the root (mean over its iterations); NaN where it has none (the other seats under `backup=paranoid`). */
  readonly values: readonly number[];
}

/** Joint-move keys join the movers' keys with a separator no game key uses. */
const JOINT_SEPARATOR = '\u241f';

export class MctsAgent implements Agent {
  /** Reused buffers: the joint move, the path, the decoupled choices along it. */
  private readonly joint: unknown[] = [];
  private readonly pathNodes: Node[] = [];
  private readonly simPlayers: number[] = [];
  private readonly simNode: Node[] = [];
  private readonly simChosen: ActionStats[] = [];
  private readonly simLegalFrom: number[] = [];
  private readonly simLegalTo: number[] = [];
  /** Statistics of every legal action at the simultaneous nodes of this iteration. */
  private readonly simLegal: ActionStats[] = [];
  private simLegalCount = 0;
  private readonly jointKeys: ActionKey[] = [];
  /** Set by `selectOne` beside its returned index (saves an allocation per step). */
  private pickedKey: ActionKey = 0;
  private pickedChild: Node | undefined;
  /**
   * The decider's legal actions at the root when every determinization has them (a
   * perfect-information game, where a determinization differs from the state only in the
   * unseen dice stream, which no legal list reads): `ctx.legal`, so the root's list is
   * not rebuilt on every iteration. Null where the root's actions can differ by sample.
   */
  private rootLegal: readonly unknown[] | null = null;
  /**
   * With `rootLegal`: the key of each root action and its child (undefined until expanded),
   * in the list's order, so selection at the root — every iteration, over every action — does
   * not rebuild a key and look up a child per action. Reset by each search.
   */
  private rootKeys: ActionKey[] = [];
  private rootKids: (Node | undefined)[] = [];
  private rootNode: Node | null = null;
  /** What the evaluators serve (built with them, on the first search). */
  private setting: SearchSetting | null = null;
  /** Scores the leaves (`config.leaves`). */
  private leafEvaluator: Evaluator | null = null;
  /** The guide's prior (`config.guide`), built on the first search. */
  private guideEvaluator: Evaluator | null = null;
  /** The guide is PUCT (else progressive bias, or none). */
  private readonly puct: boolean;
  /** PUCT priors are set when a leaf is valued (the guide's `atLeaves`). */
  private readonly puctAtLeaves: boolean;
  /** Opponent-model agents, one per seat, built on first use (opponents=heuristic). */
  private modelAgents: Agent[] | null = null;
  /** The deciding player of the current search. */
  private decider = 0;
  /** Reused return vector for paranoid backups. */
  private paranoidValue: number[] = [];
  /** The options of the game being searched (for the opponent model's contexts). */
  private options: object = {};

  constructor(
    readonly spec: string,
    private readonly rng: Rng,
    /** The settings (read by self-play to add a network to a spec's search). */
    readonly config: MctsConfig,
  ) {
    this.puct = config.guide?.rule === 'puct';
    this.puctAtLeaves = this.puct && config.guide!.atLeaves;
  }

  act(ctx: DecisionContext): unknown {
    if (ctx.legal.length === 1) return ctx.legal[0];
    const { simultaneous, actions } = this.analyse(ctx);
    if (simultaneous && this.config.final === 'sample') return actions[this.rng.weighted(actions.map((a) => a.prob))]!.action;
    if (simultaneous) {
      const byMean = this.config.final === 'mean';
      let best = 0;
      for (let i = 1; i < actions.length; i++) {
        const a = actions[i]!;
        const b = actions[best]!;
        const better = byMean ? a.visits > 0 && (b.visits === 0 || a.mean > b.mean) : a.prob > b.prob;
        if (better) best = i;
      }
      return actions[best]!.action;
    }
    let best = 0;
    for (let i = 1; i < actions.length; i++) {
      const a = actions[i]!;
      const b = actions[best]!;
      if (a.visits > b.visits || (a.visits === b.visits && a.mean > b.mean)) best = i;
    }
    return actions[best]!.action;
  }

  /** Runs one search and returns the root statistics of `ctx.legal` (in that order). */
  analyse(ctx: DecisionContext): RootAnalysis {
    const root = this.search(ctx);
    const { game, player, legal } = ctx;
    const table = root.simStats?.[player];
    const simultaneous = table !== undefined && table.size > 0;
    const rows = legal.map((action) => {
      const key = game.actionKey(action);
      if (simultaneous) {
        const st = table.get(key);
        const weight = st === undefined ? 0 : this.config.sm === 'rm' ? st.strategy : st.visits;
        return { action, key, visits: st?.visits ?? 0, mean: st && st.visits > 0 ? st.sum / st.visits : NaN, weight };
      }
      const child = root.child(key);
      const visits = child?.visits ?? 0;
      return { action, key, visits, mean: child && visits > 0 ? child.sums[player]! / visits : NaN, weight: visits };
    });
    const total = rows.reduce((sum, r) => sum + r.weight, 0);
    const actions = rows.map(({ weight, ...r }) => ({ ...r, prob: total > 0 ? weight / total : 1 / rows.length }));
    // Under paranoid backups the other seats' sums are 1 − the decider's (the coalition's
    // view), not estimates of their own returns: they are reported as unknown (NaN), so
    // self-play's value targets take the game's returns for those seats instead.
    const paranoid = this.config.backup === 'paranoid';
    const values = Array.from(root.sums, (sum, seat) => (root.visits > 0 && (!paranoid || seat === player) ? sum / root.visits : NaN));
    return { simultaneous, actions, values };
  }

  /** Builds the tree for one decision. */
  search(ctx: DecisionContext): Node {
    const { game, player } = ctx;
    const players = game.numPlayers(ctx.options);
    // The leaf evaluator first, the opponent model, then the guide: the order they fork the stream in.
    if (this.setting === null) {
      this.setting = { game, players, rng: this.rng, options: ctx.options };
      this.leafEvaluator = this.config.leaves(this.setting);
    }
    this.setting.options = ctx.options;
    const root = new Node(players);
    this.options = ctx.options;
    this.decider = player;
    this.rootLegal = game.perfectInformation ? ctx.legal : null;
    this.rootNode = null;
    if (this.rootLegal !== null) {
      const legal = this.rootLegal;
      this.rootKeys.length = legal.length;
      this.rootKids.length = legal.length;
      for (let i = 0; i < legal.length; i++) {
        this.rootKeys[i] = game.actionKey(legal[i]);
        this.rootKids[i] = undefined;
      }
      // (Two actions with one key share a child: then the children are looked up by key.)
      if (new Set(this.rootKeys).size === legal.length) this.rootNode = root;
    }
    const model = this.config.opponentAgent;
    if (model !== undefined && this.modelAgents === null) {
      this.modelAgents = Array.from({ length: players }, () => model({ game, params: {}, spec: 'heuristic', rng: this.rng.fork() }));
    }
    const guide = this.config.guide;
    if (guide !== undefined && this.guideEvaluator === null) this.guideEvaluator = guide.prior(this.setting);
    const { iterations, timeMs } = this.config;
    const deadline = timeMs > 0 ? performance.now() + timeMs : Infinity;
    for (let it = 0; it < iterations; it++) {
      if (deadline !== Infinity && (it & 7) === 0 && performance.now() >= deadline && it > 0) break;
      this.iterate(game, root, game.determinize(ctx.obs, player, this.rng), players);
    }
    return root;
  }

  /** One iteration: select and expand from `state`, roll out, back up. */
  private iterate(game: AnyGame, root: Node, state: unknown, players: number): void {
    const path = this.pathNodes;
    let depth = 0;
    let simCount = 0;
    this.simLegalCount = 0;
    path[depth++] = root;
    let node = root;
    let s = state;
    let expanded = false;
    const horizon = this.config.turns;
    let turns = 0;
    let lastFirst = -1;
    let lastCount = 0;
    const plies = this.config.plies;
    while (!expanded) {
      // path holds the root plus one node per move made.
      if (depth > plies) break;
      const movers = game.toMove(s);
      if (movers.length === 0) break;
      if (horizon !== Infinity && (movers.length !== lastCount || movers[0] !== lastFirst)) {
        // A new turn: a different player (or set of players) to move.
        if (lastCount > 0 && ++turns > horizon) break;
        lastFirst = movers[0]!;
        lastCount = movers.length;
      }
      if (movers.length === 1) {
        const p = movers[0]!;
        const legal = depth === 1 && this.rootLegal !== null && p === this.decider ? this.rootLegal : game.legalActions(s, p);
        const joint = this.joint;
        if (joint.length !== 1) joint.length = 1;
        let index: number;
        if (this.modelAgents !== null && p !== this.decider) {
          index = this.modelled(game, node, s, p, legal);
          this.pickedKey = game.actionKey(legal[index]);
          this.pickedChild = node.child(this.pickedKey);
          if (this.pickedChild !== undefined) this.pickedChild.avail++;
        } else if (this.puct) {
          if (node.priors === null) this.setPriors(game, node, s, p, legal, depth === 1);
          index = this.selectPuct(game, node, legal, p);
        } else {
          if (this.guideEvaluator !== null && node.priorKey === undefined) node.priorKey = this.favourite(game, s, p, legal);
          index = this.selectOne(game, node, legal, p);
        }
        joint[0] = legal[index];
        s = this.applyListed(game, s, joint);
        if (this.pickedChild === undefined) {
          const child = node.addChild(this.pickedKey, new Node(players));
          if (node === this.rootNode && legal === this.rootLegal) this.rootKids[index] = child;
          child.avail = 1;
          node = child;
          expanded = true;
        } else {
          node = this.pickedChild;
        }
      } else {
        const joint = this.joint;
        const keys = this.jointKeys;
        // (Resizing an array is a builtin call: only when the mover count changes.)
        if (joint.length !== movers.length) joint.length = movers.length;
        if (keys.length !== movers.length) keys.length = movers.length;
        for (let j = 0; j < movers.length; j++) {
          const p = movers[j]!;
          const legal = game.legalActions(s, p);
          if (this.modelAgents !== null && p !== this.decider) {
            const index = this.modelled(game, node, s, p, legal);
            joint[j] = legal[index];
            keys[j] = game.actionKey(legal[index]);
            continue;
          }
          const table = node.statsFor(p);
          const rows = node.rowsFor(p);
          const from = this.simLegalCount;
          const sm = this.config.sm;
          const index =
            sm === 'rm'
              ? this.selectRegretMatching(game, table, rows, legal)
              : sm === 'puct'
                ? this.selectDecoupledPuct(game, node, table, rows, s, p, legal, depth === 1)
                : this.selectDecoupledUcb(game, table, rows, legal);
          const chosen = this.simLegal[from + index]!;
          this.simPlayers[simCount] = p;
          this.simNode[simCount] = node;
          this.simChosen[simCount] = chosen;
          this.simLegalFrom[simCount] = from;
          this.simLegalTo[simCount] = this.simLegalCount;
          simCount++;
          joint[j] = legal[index];
          keys[j] = chosen.key;
        }
        s = this.applyListed(game, s, joint);
        const key = keys.join(JOINT_SEPARATOR);
        let child = node.child(key);
        if (child === undefined) {
          child = node.addChild(key, new Node(players));
          expanded = true;
        }
        child.avail++;
        node = child;
      }
      path[depth++] = node;
    }
    // A leaf just expanded past the horizon or at the depth limit is scored, not rolled out.
    const rollOut = expanded && depth <= plies && (horizon === Infinity || !this.pastHorizon(game, s, turns, horizon, lastFirst, lastCount));
    let value = this.leafEvaluator!.evaluate(s, !rollOut);
    if (expanded && this.puctAtLeaves && node.priors === null) this.leafPriors(game, node, s);
    if (this.config.backup === 'paranoid') value = this.paranoid(value);
    this.backup(path, depth, simCount, value);
  }

  /**
   * Applies a tree move: every move of the joint was taken from the mover's legal list
   * (the game's own, or `ctx.legal` at a perfect-information root), so the game's check is
   * skipped where it offers `applyUnchecked` — the check relisted the root's moves on every
   * iteration (its list is not the one the game listed last), a tenth of a Superhero
   * Gladiators search. Same successor state either way (the Game contract).
   */
  private applyListed(game: AnyGame, s: unknown, joint: readonly unknown[]): unknown {
    return game.applyUnchecked ? game.applyUnchecked(s, joint) : game.apply(s, joint);
  }

  /**
   * The opponent model's move for `p` at `node`. The model (a heuristic with its own
   * random guesses) is asked afresh on each of the node's first `draws` visits; later
   * visits replay one of its answers at random, so the search sees the spread of what
   * the model might do rather than betting on a single guess. An answer no longer legal
   * (another determinization) is replaced by a fresh one.
   */
  private modelled(game: AnyGame, node: Node, s: unknown, p: number, legal: readonly unknown[]): number {
    if (node.modelKeys === null) node.modelKeys = [];
    const answers = (node.modelKeys[p] ??= []);
    if (answers.length >= this.config.draws) {
      const pick = this.rng.int(answers.length);
      const index = indexOfKey(game, legal, answers[pick]!);
      if (index >= 0) return index;
      answers.splice(pick, 1);
    }
    const action = this.modelAgents![p]!.act({ game, options: this.options, obs: game.observe(s, p), player: p, legal });
    const key = game.actionKey(action);
    answers.push(key);
    return Math.max(0, indexOfKey(game, legal, key));
  }

  /**
   * PUCT: the policy head's prior over `legal` at `node` (reached in state `s`, `p` to
   * move), with the self-play root noise when asked.
   */
  private setPriors(game: AnyGame, node: Node, s: unknown, p: number, legal: readonly unknown[], root: boolean): void {
    const prior = this.guideEvaluator!.prior!(s, p, legal);
    const noise = this.config.rootNoise;
    if (root && noise !== undefined && noise.epsilon > 0) addDirichletNoise(this.rng, prior, legal.length, noise.alpha, noise.epsilon);
    const priors = new Map<ActionKey, number>();
    for (let i = 0; i < legal.length; i++) priors.set(game.actionKey(legal[i]), prior[i]!);
    node.priors = priors;
  }

  /**
   * A leaf just expanded where one player moves takes its PUCT priors now, from the state
   * it was valued in (the evaluator kept that pass; AlphaZero's expansion) — not where the
   * opponent model moves, whose nodes never read priors.
   */
  private leafPriors(game: AnyGame, node: Node, s: unknown): void {
    if (game.isTerminal(s)) return;
    const movers = game.toMove(s);
    const p = movers[0]!;
    if (movers.length === 1 && (this.modelAgents === null || p === this.decider)) this.setPriors(game, node, s, p, game.legalActions(s, p), false);
  }

  /** The key of the guide's most probable action at `s` (progressive bias); NaN, matching none, when it gives every action 0. */
  private favourite(game: AnyGame, s: unknown, p: number, legal: readonly unknown[]): ActionKey {
    const guide = this.guideEvaluator!;
    // The heuristic names its choice directly: no distribution built and searched per new node.
    if (guide.favourite !== undefined) return guide.favourite(s, p, legal);
    const prior = guide.prior!(s, p, legal);
    let best = 0;
    for (let i = 1; i < legal.length; i++) if (prior[i]! > prior[best]!) best = i;
    return prior[best]! > 0 ? game.actionKey(legal[best]) : NaN;
  }

  /**
   * PUCT selection (Silver et al. 2017): argmax Q + c·P·√N / (1 + n), where an unvisited
   * child's Q is the node's mean for the mover (first-play urgency), P its prior and N
   * the node's visits. Returns the legal index; sets pickedKey/pickedChild.
   */
  private selectPuct(game: AnyGame, node: Node, legal: readonly unknown[], p: number): number {
    const priors = node.priors!;
    const scale = this.config.c * Math.sqrt(Math.max(1, node.visits));
    const fpu = node.visits > 0 ? node.sums[p]! / node.visits : 0.5;
    const uniform = 1 / legal.length;
    let best = 0;
    let bestValue = -Infinity;
    let bestKey: ActionKey = 0;
    let bestChild: Node | undefined;
    for (let i = 0; i < legal.length; i++) {
      const key = game.actionKey(legal[i]);
      const child = node.child(key);
      let q = fpu;
      let n = 0;
      if (child !== undefined) {
        child.avail++;
        n = child.visits;
        if (n > 0) q = child.sums[p]! / n;
      }
      const value = q + (scale * (priors.get(key) ?? uniform)) / (1 + n);
      if (value > bestValue) {
        bestValue = value;
        best = i;
        bestKey = key;
        bestChild = child;
      }
    }
    this.pickedKey = bestKey;
    this.pickedChild = bestChild;
    return best;
  }

  /** The paranoid return vector: every player but the decider gets 1 − the decider's. */
  private paranoid(value: ArrayLike<number>): readonly number[] {
    const out = this.paranoidValue;
    const mine = value[this.decider]!;
    for (let i = 0; i < value.length; i++) out[i] = i === this.decider ? mine : 1 - mine;
    return out;
  }

  /** Whether `s` starts a turn beyond the horizon, `turns` turns having passed before it. */
  private pastHorizon(game: AnyGame, s: unknown, turns: number, horizon: number, lastFirst: number, lastCount: number): boolean {
    const movers = game.toMove(s);
    return movers.length > 0 && (movers.length !== lastCount || movers[0] !== lastFirst) && turns + 1 > horizon;
  }

  /**
   * UCT selection with availability counts; an untried action is expanded first (chosen
   * uniformly among the untried). Returns the legal index; sets pickedKey/pickedChild.
   */
  private selectOne(game: AnyGame, node: Node, legal: readonly unknown[], p: number): number {
    const c = this.config.c;
    const priorKey = node.priorKey;
    const bias = this.config.bias;
    let untried = 0;
    let untriedIndex = -1;
    let untriedKey: ActionKey = 0;
    let priorUntried = false;
    let best = -1;
    let bestKey: ActionKey = 0;
    let bestChild: Node | undefined;
    let bestValue = -Infinity;
    // At the root of a perfect-information search the keys and children are kept by index.
    const atRoot = node === this.rootNode && legal === this.rootLegal;
    const rootKeys = this.rootKeys;
    const rootKids = this.rootKids;
    for (let i = 0; i < legal.length; i++) {
      const key = atRoot ? rootKeys[i]! : game.actionKey(legal[i]);
      const child = atRoot ? rootKids[i] : node.child(key);
      if (child === undefined) {
        untried++;
        // The prior's choice is expanded first; the others in random order.
        if (key === priorKey) {
          priorUntried = true;
          untriedIndex = i;
          untriedKey = key;
        } else if (!priorUntried && this.rng.int(untried) === 0) {
          untriedIndex = i;
          untriedKey = key;
        }
        continue;
      }
      child.avail++;
      if (untried > 0) continue;
      let value = child.sums[p]! / child.visits + c * Math.sqrt(Math.log(child.avail) / child.visits);
      if (key === priorKey) value += bias / (child.visits + 1);
      if (value > bestValue) {
        bestValue = value;
        best = i;
        bestKey = key;
        bestChild = child;
      }
    }
    if (untried > 0) {
      this.pickedKey = untriedKey;
      this.pickedChild = undefined;
      return untriedIndex;
    }
    this.pickedKey = bestKey;
    this.pickedChild = bestChild;
    return best;
  }

  /**
   * The statistics of each legal action of one mover, appended to `simLegal`; `rows` holds
   * them for the legal list last seen here, reused when the same list comes back.
   */
  private collectStats(game: AnyGame, table: Map<ActionKey, ActionStats>, rows: LegalRows, legal: readonly unknown[]): number {
    const from = this.simLegalCount;
    if (rows.legal === legal) {
      const same = rows.rows;
      for (let i = 0; i < same.length; i++) {
        const st = same[i]!;
        st.avail++;
        this.simLegal[this.simLegalCount++] = st;
      }
      return from;
    }
    const fresh: ActionStats[] = new Array<ActionStats>(legal.length);
    for (let i = 0; i < legal.length; i++) {
      const key = game.actionKey(legal[i]);
      let st = table.get(key);
      if (st === undefined) {
        st = new ActionStats(key);
        table.set(key, st);
      }
      st.avail++;
      fresh[i] = st;
      this.simLegal[this.simLegalCount++] = st;
    }
    rows.legal = legal;
    rows.rows = fresh;
    return from;
  }

  /** Decoupled UCT: this mover's own UCB over its own action statistics. */
  private selectDecoupledUcb(game: AnyGame, table: Map<ActionKey, ActionStats>, rows: LegalRows, legal: readonly unknown[]): number {
    const from = this.collectStats(game, table, rows, legal);
    const c = this.config.c;
    let untried = 0;
    let pick = -1;
    let bestValue = -Infinity;
    for (let i = 0; i < legal.length; i++) {
      const st = this.simLegal[from + i]!;
      if (st.visits === 0) {
        untried++;
        if (this.rng.int(untried) === 0) pick = i;
      } else if (untried === 0) {
        const value = st.sum / st.visits + c * Math.sqrt(Math.log(st.avail) / st.visits);
        if (value > bestValue) {
          bestValue = value;
          pick = i;
        }
      }
    }
    return pick;
  }

  /**
   * Decoupled PUCT at a simultaneous node: mover `p` picks argmax Q + c·P·√N / (1 + n)
   * over its own statistics (Q its mean after the action, the node's mean for `p` when
   * untried; N the node's visits; n the action's). P is the policy head's prior from the
   * first state the table was built in (with the self-play root noise at the root); an
   * action first legal in a later determinization gets 1 / |legal|. Without a network
   * steering selection (none, or `value=net`) every P is uniform. The final move and the
   * training target are the visit shares.
   */
  private selectDecoupledPuct(game: AnyGame, node: Node, table: Map<ActionKey, ActionStats>, rows: LegalRows, s: unknown, p: number, legal: readonly unknown[], root: boolean): number {
    const fresh = table.size === 0;
    const from = this.collectStats(game, table, rows, legal);
    const n = legal.length;
    if (fresh && this.puct) {
      const prior = this.guideEvaluator!.prior!(s, p, legal);
      const noise = this.config.rootNoise;
      if (root && noise !== undefined && noise.epsilon > 0) addDirichletNoise(this.rng, prior, n, noise.alpha, noise.epsilon);
      for (let i = 0; i < n; i++) this.simLegal[from + i]!.prior = prior[i]!;
    }
    const scale = this.config.c * Math.sqrt(Math.max(1, node.visits));
    const fpu = node.visits > 0 ? node.sums[p]! / node.visits : 0.5;
    let pick = 0;
    let bestValue = -Infinity;
    for (let i = 0; i < n; i++) {
      const st = this.simLegal[from + i]!;
      const prior = Number.isNaN(st.prior) ? 1 / n : st.prior;
      const value = (st.visits > 0 ? st.sum / st.visits : fpu) + (scale * prior) / (1 + st.visits);
      if (value > bestValue) {
        bestValue = value;
        pick = i;
      }
    }
    return pick;
  }

  /** Regret matching with γ-uniform exploration; the average strategy is accumulated. */
  private selectRegretMatching(game: AnyGame, table: Map<ActionKey, ActionStats>, rows: LegalRows, legal: readonly unknown[]): number {
    const from = this.collectStats(game, table, rows, legal);
    const n = legal.length;
    const gamma = this.config.gamma;
    let positive = 0;
    for (let i = 0; i < n; i++) positive += Math.max(this.simLegal[from + i]!.regret, 0);
    let x = this.rng.float();
    let pick = n - 1;
    for (let i = 0; i < n; i++) {
      const st = this.simLegal[from + i]!;
      const matched = positive > 0 ? Math.max(st.regret, 0) / positive : 1 / n;
      st.prob = (1 - gamma) * matched + gamma / n;
      // Average the strategy actually played (exploration included): regrets are
      // measured against opponents who explore too, so this is the average that
      // converges to the equilibrium; averaging the unexplored part overshoots.
      st.strategy += st.prob;
      if (x >= 0 && (x -= st.prob) < 0) pick = i;
    }
    return pick;
  }

  /** Adds the return vector along the path and updates decoupled statistics. */
  private backup(path: Node[], depth: number, simCount: number, value: ArrayLike<number>): void {
    const rm = this.config.sm === 'rm';
    for (let k = 0; k < simCount; k++) {
      const chosen = this.simChosen[k]!;
      const player = this.simPlayers[k]!;
      const reward = value[player]!;
      chosen.visits++;
      chosen.sum += reward;
      if (rm) {
        // Importance-sampled regrets (outcome sampling): the chosen action's value is
        // estimated as baseline + (reward − baseline) / prob, every other action's as
        // the baseline; regret is that estimate minus the reward. Unbiased for any
        // baseline; the node's mean so far keeps the variance low.
        const node = this.simNode[k]!;
        const baseline = node.visits > 0 ? node.sums[player]! / node.visits : 0.5;
        for (let i = this.simLegalFrom[k]!; i < this.simLegalTo[k]!; i++) {
          const st = this.simLegal[i]!;
          const estimate = st === chosen ? baseline + (reward - baseline) / st.prob : baseline;
          st.regret += estimate - reward;
        }
      }
    }
    for (let d = 0; d < depth; d++) {
      const node = path[d]!;
      node.visits++;
      const sums = node.sums;
      for (let i = 0; i < sums.length; i++) sums[i] += value[i]!;
    }
  }
}

function indexOfKey(game: AnyGame, legal: readonly unknown[], key: ActionKey): number {
  for (let i = 0; i < legal.length; i++) if (game.actionKey(legal[i]) === key) return i;
  return -1;
}

export { checkRolloutSupport } from '../evaluators/rollout.js';
