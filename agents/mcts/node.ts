/**
 * Search-tree nodes for the MCTS family.
 *
 * The tree is *open loop*: a node stands for a sequence of actions from the root, not
 * for one state. Chance lives inside `apply` and hidden information is re-sampled every
 * iteration, so the same node is reached from different states; the legal actions there
 * can differ from one visit to the next. Hence children are keyed by `game.actionKey`
 * and each child counts its *availability* (how often it was legal when its parent was
 * visited), as in single-observer information-set MCTS (Cowling, Powley & Whitehouse
 * 2012). In a perfect-information deterministic game availability equals the parent's
 * visits and the search is plain UCT.
 *
 * Every node keeps per-player return sums (a vector), so each mover maximises its own
 * component: max^n backups, for any number of players.
 */

export type ActionKey = string | number;

/** Statistics of one player's action at a simultaneous-move node (decoupled search). */
export class ActionStats {
  visits = 0;
  /** Times this action was legal when the node was visited. */
  avail = 0;
  /** Sum of this player's returns after choosing it. */
  sum = 0;
  /** Regret matching: cumulative regret and cumulative strategy weight. */
  regret = 0;
  strategy = 0;
  /** Probability it had in the current iteration's selection (regret matching). */
  prob = 0;
  /** Iteration in which it was last legal (marks the actions a regret update covers). */
  stamp = -1;
  /** Decoupled PUCT (`sm=puct`): the policy head's prior for this action; NaN until set. */
  prior = NaN;

  constructor(readonly key: ActionKey) {}
}

/**
 * One mover's statistics at a simultaneous node in the order of the legal list they were
 * last looked up for. A game's legal list is immutable, and a search's determinizations
 * often get the very same list back (Rumble keeps each seat's last Allocation menu while
 * the heroes are the same), so the same array means the same actions in the same order
 * and the rows can be reused without a key and a map lookup per action (a fifth of
 * Rumble's search).
 */
export class LegalRows {
  legal: readonly unknown[] | null = null;
  rows: ActionStats[] = [];
}

export class Node {
  visits = 0;
  /** Times the action leading here was legal when the parent was visited. */
  avail = 0;
  /** Per-player sums of returns backed up through this node. */
  readonly sums: Float64Array;
  /** Children by action key (one mover) or by joint key (several movers). */
  children: Map<ActionKey, Node> | null = null;
  /** Decoupled per-player action statistics, for simultaneous-move visits; by seat. */
  simStats: (Map<ActionKey, ActionStats> | undefined)[] | null = null;
  /** By seat: the rows of `simStats` for the legal list last seen (see LegalRows). */
  simRows: (LegalRows | undefined)[] | null = null;
  /**
   * The prior policy's choice here (param `prior`), asked once, on the first visit that
   * selects from this node; `undefined` until then or without a prior.
   */
  priorKey: ActionKey | undefined = undefined;
  /**
   * The opponent model's choices here for each seat (param `opponents=heuristic`): up to
   * `draws` answers of the model, asked on the visits that need them (and again when
   * one is no longer legal); each visit plays one of them.
   */
  modelKeys: (ActionKey[] | undefined)[] | null = null;
  /**
   * PUCT (`prior=net`): the policy head's prior over the mover's actions here, by action
   * key, from the first state this node was evaluated in; `null` until then.
   */
  priors: Map<ActionKey, number> | null = null;

  constructor(players: number) {
    this.sums = new Float64Array(players);
  }

  child(key: ActionKey): Node | undefined {
    return this.children === null ? undefined : this.children.get(key);
  }

  addChild(key: ActionKey, node: Node): Node {
    if (this.children === null) this.children = new Map();
    this.children.set(key, node);
    return node;
  }

  /** The last legal list of `player` here and its statistics rows (created on first use). */
  rowsFor(player: number): LegalRows {
    if (this.simRows === null) this.simRows = [];
    return (this.simRows[player] ??= new LegalRows());
  }

  /** The decoupled statistics table of `player` at this node (created on first use). */
  statsFor(player: number): Map<ActionKey, ActionStats> {
    if (this.simStats === null) this.simStats = [];
    let table = this.simStats[player];
    if (table === undefined) {
      table = new Map();
      this.simStats[player] = table;
    }
    return table;
  }
}
