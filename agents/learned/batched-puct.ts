/**
 * PUCT guided by the network with leaves scored in batches: leaf-parallel search with
 * virtual loss (Chaslot, Winands & van den Herik 2008; AlphaZero's batched evaluator).
 *
 * Each round walks `batch` descents through the tree before any of their leaves is
 * scored: a descent that passes a node adds a virtual loss there (one more visit
 * counted, no return), so the next descent of the round tends to choose elsewhere.
 * The round's new leaves are then scored in one network call (BatchForward: tfjs on the
 * backend `initTf()` chose), their priors set, and every descent is backed up in the
 * order it was walked. A descent that ends on a leaf already waiting in this round
 * backs up that leaf's value (a collision; it still counts as an iteration).
 *
 * Otherwise it is `mcts:prior=net`'s one-mover PUCT (agents/mcts/search.ts): an
 * open-loop tree over determinizations (IS-MCTS; each descent starts from a fresh
 * `game.determinize`), argmax Q + c·P·√N / (1 + n) with the node's mean as first-play
 * value, max^n backups, the most visited root action played. With `batch=1` it is that
 * search move for move, up to the network's float32 summation order.
 *
 * Determinism: the rounds are fixed by the iteration count and the seed, never by a
 * clock, so the same seed gives the same moves on the same tfjs backend whatever the
 * worker count. Games where several players move at once are refused (their decoupled
 * statistics are search.ts's; use mcts:prior=net,sm=puct there).
 */
import type { Agent, DecisionContext } from '../../src/core/agent.js';
import type { AnyGame, Encoder } from '../../src/core/game.js';
import type { Rng } from '../../src/core/rng.js';
import { tfStarted } from '../../src/core/tf.js';
import { batchForwardFor, type BatchForward, logitFrom } from './batch-forward.js';
import { maskedSoftmax, type NetWeights } from './network.js';

type ActionKey = string | number;

export interface BatchedPuctConfig {
  /** Descents per decision. */
  readonly iterations: number;
  /** Descents walked before their leaves are scored together. */
  readonly batch: number;
  /** PUCT exploration constant. */
  readonly c: number;
}

class BNode {
  visits = 0;
  /** Descents of the current round that passed here and are not backed up yet. */
  virtual = 0;
  readonly sums: Float64Array;
  children: Map<ActionKey, BNode> | null = null;
  /** The policy head's prior by action key, from the first state this node was scored in. */
  priors: Map<ActionKey, number> | null = null;
  /** Index of this node's request in the current round; -1 when none is waiting. */
  waiting = -1;

  constructor(players: number) {
    this.sums = new Float64Array(players);
  }
}

/** One leaf to score: the node, the state it was reached in, the seat to move there. */
interface Request {
  readonly node: BNode;
  readonly state: unknown;
  readonly player: number;
}

/** One walked descent: its nodes (root first) and where its value comes from. */
interface Descent {
  readonly path: BNode[];
  /** The request whose value it backs up, or -1 with `terminal` set. */
  readonly request: number;
  readonly terminal: readonly number[] | null;
}

/** Rejects games whose decisions are simultaneous (found in a descent). */
function oneMover(game: AnyGame, movers: readonly number[]): number {
  if (movers.length !== 1) throw new Error(`batched PUCT: ${game.id} has a state where ${movers.length} players move at once; allowed: games where one player moves at a time (use mcts:prior=net,sm=puct)`);
  return movers[0]!;
}

export class BatchedPuctAgent implements Agent {
  private forward: BatchForward | null = null;
  private input = new Float32Array(0);
  private features = new Float32Array(0);
  private values = new Float32Array(0);
  private probs = new Float64Array(16);
  private indices = new Int32Array(16);
  /** Network calls and rows scored so far (for benches). */
  calls = 0;
  rows = 0;

  constructor(
    readonly spec: string,
    private readonly rng: Rng,
    private readonly net: NetWeights,
    private readonly config: BatchedPuctConfig,
    /** Checks the match's options against the model's, once (throws a UserError). */
    private readonly checkOptions: (options: object) => void = () => {},
  ) {}

  act(ctx: DecisionContext): unknown {
    if (ctx.legal.length === 1) return ctx.legal[0];
    const root = this.search(ctx);
    const { game, player, legal } = ctx;
    let best = 0;
    let bestVisits = -1;
    let bestMean = -Infinity;
    for (let i = 0; i < legal.length; i++) {
      const child = root.children?.get(game.actionKey(legal[i]));
      const visits = child?.visits ?? 0;
      const mean = visits > 0 ? child!.sums[player]! / visits : -Infinity;
      if (visits > bestVisits || (visits === bestVisits && mean > bestMean)) {
        best = i;
        bestVisits = visits;
        bestMean = mean;
      }
    }
    return legal[best];
  }

  private start(ctx: DecisionContext): BatchForward {
    if (this.forward !== null) return this.forward;
    this.checkOptions(ctx.options);
    const rt = tfStarted();
    // A silent fall-back to another backend would change the moves: refuse instead.
    if (rt === undefined) throw new Error('batched PUCT: tfjs is not started in this thread; await initTf() before play');
    const shape = this.net.shape;
    const rows = this.config.batch;
    this.forward = batchForwardFor(rt, this.net);
    this.input = new Float32Array(rows * shape.inputs);
    this.features = new Float32Array(rows * this.forward.width);
    this.values = new Float32Array(rows * shape.players);
    return this.forward;
  }

  /** Builds the tree for one decision. */
  search(ctx: DecisionContext): BNode {
    this.start(ctx);
    const { game, player } = ctx;
    const players = game.numPlayers(ctx.options);
    const root = new BNode(players);
    // The root's priors first (no value backed up: search.ts's first iteration does the same).
    const first = game.determinize(ctx.obs, player, this.rng);
    this.score(game, [{ node: root, state: first, player: oneMover(game, game.toMove(first)) }]);
    const requests: Request[] = [];
    const descents: Descent[] = [];
    let done = 0;
    while (done < this.config.iterations) {
      const round = Math.min(this.config.batch, this.config.iterations - done);
      requests.length = 0;
      descents.length = 0;
      for (let k = 0; k < round; k++) descents.push(this.descend(game, root, game.determinize(ctx.obs, player, this.rng), players, requests));
      this.score(game, requests);
      for (const d of descents) this.backup(d, requests);
      done += round;
    }
    return root;
  }

  /** Walks one descent, adding virtual losses on its path; queues its leaf if new. */
  private descend(game: AnyGame, root: BNode, state: unknown, players: number, requests: Request[]): Descent {
    const path: BNode[] = [root];
    let node = root;
    let s = state;
    for (;;) {
      if (game.isTerminal(s)) return this.walked(path, -1, game.returns(s));
      const p = oneMover(game, game.toMove(s));
      if (node.priors === null) {
        // Never scored (a leaf, or a node first reached in a determinization where it was
        // terminal): queue it, or join the request already waiting for it.
        if (node.waiting < 0) {
          node.waiting = requests.length;
          requests.push({ node, state: s, player: p });
        }
        return this.walked(path, node.waiting, null);
      }
      const legal = game.legalActions(s, p);
      const pick = this.select(game, node, legal, p);
      const key = game.actionKey(legal[pick]);
      s = game.apply(s, [legal[pick]]);
      let child = node.children?.get(key);
      if (child === undefined) {
        child = new BNode(players);
        (node.children ??= new Map()).set(key, child);
      }
      node = child;
      path.push(node);
    }
  }

  private walked(path: BNode[], request: number, terminal: readonly number[] | null): Descent {
    for (const n of path) n.virtual++;
    return { path, request, terminal };
  }

  /** PUCT over the node's statistics with this round's virtual losses counted in. */
  private select(game: AnyGame, node: BNode, legal: readonly unknown[], p: number): number {
    const priors = node.priors!;
    const scale = this.config.c * Math.sqrt(Math.max(1, node.visits + node.virtual));
    const fpu = node.visits > 0 ? node.sums[p]! / node.visits : 0.5;
    const uniform = 1 / legal.length;
    let best = 0;
    let bestValue = -Infinity;
    for (let i = 0; i < legal.length; i++) {
      const key = game.actionKey(legal[i]);
      const child = node.children?.get(key);
      let q = fpu;
      let n = 0;
      if (child !== undefined) {
        // A virtual loss is a visit that returned 0 to the mover.
        n = child.visits + child.virtual;
        if (n > 0) q = child.sums[p]! / n;
      }
      const value = q + (scale * (priors.get(key) ?? uniform)) / (1 + n);
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    }
    return best;
  }

  /** Scores the requests in one network call: their priors, and their values into `values`. */
  private score(game: AnyGame, requests: readonly Request[]): void {
    const n = requests.length;
    if (n === 0) return;
    const forward = this.forward!;
    const shape = this.net.shape;
    const encoder = game.encoder as Encoder<unknown, unknown, unknown>;
    for (let r = 0; r < n; r++) {
      const { state, player } = requests[r]!;
      const row = this.input.subarray(r * shape.inputs, (r + 1) * shape.inputs);
      encoder.encode(game.observe(state, player), player, row);
    }
    forward.run(this.input, n, this.features, this.values);
    this.calls++;
    this.rows += n;
    for (let r = 0; r < n; r++) {
      const { node, state, player } = requests[r]!;
      const legal = game.legalActions(state, player);
      if (this.indices.length < legal.length) {
        this.indices = new Int32Array(legal.length * 2);
        this.probs = new Float64Array(legal.length * 2);
      }
      const logits = this.logits;
      for (let i = 0; i < legal.length; i++) {
        const j = encoder.actionIndex(legal[i], state, player);
        this.indices[i] = j;
        logits[j] = logitFrom(this.net, this.features, r * forward.width, j);
      }
      maskedSoftmax(logits, this.indices.subarray(0, legal.length), this.probs);
      const priors = new Map<ActionKey, number>();
      for (let i = 0; i < legal.length; i++) priors.set(game.actionKey(legal[i]), this.probs[i]!);
      node.priors = priors;
    }
  }

  private logitBuffer: Float32Array | null = null;
  private get logits(): Float32Array {
    return (this.logitBuffer ??= new Float32Array(this.net.shape.actions));
  }

  /** Adds the descent's value along its path and takes its virtual losses back. */
  private backup(d: Descent, requests: readonly Request[]): void {
    let value: ArrayLike<number>;
    if (d.terminal !== null) value = d.terminal;
    else {
      const req = requests[d.request]!;
      req.node.waiting = -1;
      // The value head's entries are seat-relative to the player scored.
      const players = this.net.shape.players;
      const abs = (this.absValue ??= new Float64Array(players));
      for (let k = 0; k < players; k++) abs[(req.player + k) % players] = this.values[d.request * players + k]!;
      value = abs;
    }
    for (const node of d.path) {
      node.virtual--;
      node.visits++;
      for (let i = 0; i < node.sums.length; i++) node.sums[i] += value[i]!;
    }
  }

  private absValue: Float64Array | null = null;
}
