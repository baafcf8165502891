/**
 * A small in-memory OphidianWorld for card tests: characters with Life, Wounds, ADMG,
 * Set and Field; players with CP and Cheer; every mutation is also logged, so a test
 * reads what an effect did in order.
 */
import type { CardEnv, DamageKind, OphidianWorld, Step } from '../../../src/games/ophidian/cards/types.js';
import { runSteps } from '../../../src/games/ophidian/cards/vocabulary.js';

export interface Char {
  owner: number;
  life: number;
  wounds: number;
  admg: number;
  rage: number;
  set: boolean;
  action: boolean;
  keywords: string[];
  host?: number;
}

export class TestWorld implements OphidianWorld {
  readonly players = 2;
  log: string[] = [];
  cpOf = [11, 11];
  cheerOf = [0, 0];
  hand = [7, 7];
  rolls: number[] = [];
  attackDelta = 0;
  costChange = 0;
  kept: boolean | null = null;
  constructor(readonly cards: Record<number, Char>) {}
  private c(i: number): Char {
    const c = this.cards[i];
    if (!c) throw new Error(`no card ${i}`);
    return c;
  }
  controllerOf = (c: number) => this.c(c).owner;
  hostOf = (c: number) => this.cards[c]?.host ?? -1;
  life = (c: number) => this.c(c).life;
  wounds = (c: number) => this.c(c).wounds;
  admg = (c: number) => this.c(c).admg;
  rage = (c: number) => this.c(c).rage;
  level = () => 1;
  vp = () => 2;
  isSet = (c: number) => this.c(c).set;
  inAction = (c: number) => this.c(c).action;
  hasKeyword = (c: number, k: string) => this.c(c).keywords.includes(k);
  characters = (p: number) => Object.keys(this.cards).map(Number).filter((i) => this.cards[i]!.owner === p && this.cards[i]!.host === undefined && this.cards[i]!.life > 0);
  opponents = (p: number) => [1 - p];
  cp = (p: number) => this.cpOf[p]!;
  cheer = (p: number) => this.cheerOf[p]!;
  handCount = (p: number) => this.hand[p]!;
  favorite = (p: number) => this.cheerOf[p]! > this.cheerOf[1 - p]!;
  damage(source: number, target: number, amount: number, kind: DamageKind) {
    this.c(target).wounds += amount;
    this.log.push(`${kind} ${amount} to ${target} from ${source}`);
  }
  heal(t: number, n: number) {
    this.c(t).wounds = Math.max(0, this.c(t).wounds - n);
    this.log.push(`heal ${n} ${t}`);
  }
  destroy(c: number) { this.log.push(`destroy ${c}`); }
  scrap(c: number) { this.log.push(`scrap ${c}`); }
  draw(p: number, n: number) { this.log.push(`draw ${p} ${n}`); }
  mill(p: number, n: number) { this.log.push(`mill ${p} ${n}`); }
  advance(c: number) { this.c(c).action = true; this.log.push(`advance ${c}`); }
  retreat(c: number) { this.c(c).action = false; this.log.push(`retreat ${c}`); }
  setCard(c: number) { this.c(c).set = true; this.log.push(`set ${c}`); }
  unsetCard(c: number) { this.c(c).set = false; this.log.push(`unset ${c}`); }
  gainCp(p: number, n: number) { this.cpOf[p]! += n; this.log.push(`cp ${p} ${n}`); }
  gainCheer(p: number, n: number) { this.cheerOf[p]! += n; this.log.push(`cheer ${p} ${n}`); }
  attackDamage(d: number) { this.attackDelta += d; this.log.push(`attack ${d}`); }
  retarget() { this.log.push('retarget'); }
  costDelta(d: number) { this.costChange += d; this.log.push(`cost ${d}`); }
  clearCost() { this.costChange = 0; this.log.push('clear cost'); }
  roll(sides: number) {
    const r = this.rolls.shift();
    if (r === undefined) throw new Error('no roll queued');
    this.log.push(`roll d${sides}=${r}`);
    return r;
  }
  flowResult(keep: boolean) { this.kept = keep; this.log.push(`flow ${keep ? '+' : '-'}`); }
  channel(c: number) { this.log.push(`channel ${c}`); }
}

export function env(w: TestWorld, card: number, controller: number, targets: number[] = [], event: CardEnv['event'] = null, x = 0): CardEnv {
  return { w, card, controller, targets, event, x };
}

/** Runs a program; each choice takes the next answer from `answers`. */
export function run(steps: readonly Step[], e: CardEnv, answers: number[] = []): void {
  runSteps(steps, e, () => {
    const a = answers.shift();
    if (a === undefined) throw new Error('no answer queued');
    return a;
  });
}
