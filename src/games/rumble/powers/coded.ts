/**
 * Seed powers whose effects the declarative vocabulary cannot express (they change
 * phases, swap powers, redirect targets or count events). Each is a small object of
 * hooks; its numbers are params like any data power's.
 */
import { NOTE, param, type DamageEvent, type ParamSpec, type PowerDef, type PowerUse, type PowerWorld } from './contract.js';

const p = (value: number, better: 'higher' | 'lower' = 'higher'): ParamSpec => ({ value, better });

function power(def: Omit<PowerDef, 'flaw' | 'curse' | 'source' | 'params'> & Partial<Pick<PowerDef, 'flaw' | 'curse' | 'params'>>): PowerDef {
  return { flaw: false, curse: false, params: {}, ...def, source: 'code' };
}

/** Javalin's note is the round's (thrown once a round, whoever holds it), kept as hero 0's. */
const ROUND = 0;

/** How many different Attack totals of living heroes are greater than `mine`. */
function greaterAttackTotals(c: PowerWorld, mine: number): number {
  let n = 0;
  for (let h = 0; h < c.H; h++) {
    const a = c.alive[h] ? c.attackTotal(h) : 0;
    if (a > mine && !sameTotalBefore(c, h, a)) n++;
  }
  return n;
}

/** True if a living hero seated before `h` has Attack total `a` (counted already). */
function sameTotalBefore(c: PowerWorld, h: number, a: number): boolean {
  for (let i = 0; i < h; i++) if (c.alive[i] && c.attackTotal(i) === a) return true;
  return false;
}

export const CODED_POWERS: readonly PowerDef[] = [
  power({
    id: 'precognition',
    name: 'Precognition',
    text: 'You may choose how to put Energy into Attack or Defense after other people have revealed their choices.',
    prior: 20,
    precognition: true,
  }),

  power({
    id: 'lizard-dna',
    name: 'Lizard DNA',
    text: 'If an attack against you is greater than or equal to your Energy minus your Defense, you may discard this power and lose 10 Energy to prevent that damage.',
    prior: 15,
    params: { loss: p(10, 'lower') },
    use: { target: 'none', phase: 'reveal' },
    // Chosen at Reveal (the attacks are known then): prevents the attack the holder picks
    // (picks.ts) if it qualifies, by default the largest qualifying attack.
    prepareUse(c, self, k) {
      const qualifies = (i: number) => {
        const a = c.atk[i * c.H + self]!;
        return a > 0 && a >= c.startEnergy[self]! - c.baseDef[self]!;
      };
      const chosen = c.pick(self, k);
      let best = -1;
      if (chosen !== undefined && chosen >= 0 && chosen < c.H && qualifies(chosen)) best = chosen;
      else for (let i = 0; i < c.H; i++) if (qualifies(i) && (best < 0 || c.atk[i * c.H + self]! > c.atk[best * c.H + self]!)) best = i;
      if (best >= 0) c.note(NOTE.lizardDna, self, best + 1);
    },
    beforeTake(c, self, k, ev) {
      const src = c.noted(NOTE.lizardDna, self);
      if (src === 0 || ev.kind !== 'attack' || ev.src !== src - 1) return;
      ev.amount = 0;
      c.note(NOTE.lizardDna, self, 0);
      c.lose(self, param(c, self, k, 'loss'));
      c.discard(self, k);
    },
  }),

  power({
    id: 'galactic-helm',
    name: 'Galactic Helm',
    text: 'The second time you would take Damage in a round, prevent it. If you have Galactic Ray Gun, also gain that much Energy.',
    prior: 15,
    params: { nth: p(2, 'lower') },
    beforeTake(c, self, k, ev) {
      if (c.takenCount[self] !== param(c, self, k, 'nth')) return;
      if (c.hasPower(self, 'galactic-ray-gun') >= 0) c.gain(self, ev.amount);
      ev.amount = 0;
    },
  }),

  power({
    id: 'galactic-ray-gun',
    name: 'Galactic Ray Gun',
    text: 'The first time you deal Damage in a round, double it. If you have Galactic Helm, also deal that same amount of Damage to a different Opponent.',
    prior: 20,
    params: { factor: p(2) },
    // Doubles every damage event until one is actually dealt (a prevented one does not
    // count as "the first time you deal Damage"); that one is noted after it lands.
    beforeDeal(c, self, k, ev) {
      if (c.noted(NOTE.rayGun, self) !== 0) return;
      ev.amount = Math.floor(ev.amount * param(c, self, k, 'factor'));
    },
    afterDeal(c, self, _k, ev) {
      if (c.noted(NOTE.rayGun, self) !== 0) return;
      c.note(NOTE.rayGun, self, ev.tgt + 1);
      if (c.hasPower(self, 'galactic-helm') < 0) return;
      // The "different Opponent": the holder's pick (picks.ts) unless it is the first
      // target or gone, else the strongest other living opponent.
      const chosen = c.pick(self, _k);
      let other = -1;
      if (chosen !== undefined && chosen !== ev.tgt && c.opponents(self).includes(chosen)) other = chosen;
      else for (const j of c.opponents(self)) if (j !== ev.tgt && (other < 0 || c.energy[j]! > c.energy[other]!)) other = j;
      if (other >= 0) c.deal(self, other, ev.amount, 'power');
    },
  }),

  power({
    id: 'batman-captions',
    name: 'Batman Captions',
    text: 'For each source of damage dealt to a Hero, you may shout a one-word sound effect that has not been shouted before in the game to +5 that damage.',
    prior: 15,
    // Table talk modelled as a vocabulary of `words` unused sound effects (RULES-NOTES).
    params: { bonus: p(5), words: p(20) },
    // "You may": the holder shouts on every source this round (pick 1, the default) or
    // keeps its words for later rounds (pick 0; picks.ts).
    beforeDeal(c, self, k, ev) {
      const held = c.powers[self]![k]!;
      if (held.acc >= param(c, self, k, 'words') || c.pick(self, k) === 0) return;
      ev.amount += param(c, self, k, 'bonus');
      c.update(self, k, { acc: held.acc + 1 });
    },
  }),

  power({
    id: 'quick-reflexes',
    name: 'Quick Reflexes',
    text: 'Burn 5: You may reassign any amount of your Attack to Defence during the Reveal Phase.',
    prior: 10,
    params: { cost: p(5, 'lower') },
    use: { burn: 'cost', target: 'none', phase: 'allocation', activate: 1 },
    reflex: true,
  }),

  power({
    id: 'expert-training',
    name: 'Expert Training',
    text: 'When you win this Power, you may halve or double a single number, in any other Power you won.',
    prior: 8,
    params: { factor: p(2) },
    onWin: 'expert-training',
  }),

  power({
    id: 'combat-roll',
    name: 'Combat Roll',
    text: 'If your Attack is the second greatest in any round and there are more than two Heros in the game, you may ignore a single Attack against you.',
    prior: 10,
    params: { rank: p(2, 'lower'), minHeroes: p(3, 'lower') },
    modify(c, self, k, stage) {
      if (stage !== 2) return;
      let alive = 0;
      for (let h = 0; h < c.H; h++) if (c.alive[h]) alive++;
      if (alive < param(c, self, k, 'minHeroes')) return;
      const mine = c.attackTotal(self);
      if (mine <= 0 || greaterAttackTotals(c, mine) !== param(c, self, k, 'rank') - 1) return;
      // The attack the holder picked (picks.ts; -1: none), by default the largest.
      const chosen = c.pick(self, k);
      if (chosen === -1) return;
      let best = -1;
      if (chosen !== undefined && chosen >= 0 && chosen < c.H && c.atk[chosen * c.H + self]! > 0) best = chosen;
      else for (let i = 0; i < c.H; i++) if (c.atk[i * c.H + self]! > 0 && (best < 0 || c.atk[i * c.H + self]! > c.atk[best * c.H + self]!)) best = i;
      if (best >= 0) c.atk[best * c.H + self] = 0;
    },
  }),

  power({
    id: 'plastic-ooze',
    name: 'Plastic Ooze',
    text: 'Spend 10: Any Hero who Attacked you this turn cannot Attack next turn.',
    prior: 10,
    params: { cost: p(10, 'lower') },
    use: { spend: 'cost', target: 'none', phase: 'allocation', activate: 1 },
    // By default an attack zeroed by Flight is not one that "Attacked you" (readings.plasticOoze).
    resolveUse(c, self) {
      const attacks = c.readings.plasticOoze === 'allocated' ? c.allocAtk : c.atk;
      for (let i = 0; i < c.H; i++) if (attacks[i * c.H + self]! > 0) c.nextBan[i] = true;
    },
  }),

  power({
    id: 'zypher',
    name: 'Zypher',
    text: 'Drain 10: choose a power that targets you and change its target.',
    prior: 5,
    params: { cost: p(10, 'lower') },
    // No Activate: each use (another Drain) turns one more power; `target` is the new
    // target, `victim` (optional) the hero whose power is turned (zypher.ts redirect).
    use: { drain: 'cost', target: 'hero', phase: 'reveal' },
    redirects: true,
  }),

  power({
    id: 'lighten-load',
    name: 'Lighten Load',
    text: "Discard a power: gain energy equal to the discarded power's power strength.",
    prior: 5,
    use: { target: 'ownPower', phase: 'allocation' },
    resolveUse(c, self, k, use: PowerUse) {
      const t = use.target ?? -1;
      const held = c.powers[self]![t];
      if (t === k || !held) return;
      c.discard(self, t);
      c.gain(self, held.strength);
    },
  }),

  power({
    id: 'alternate-universe',
    name: 'Alternate Universe',
    text: "When you win this power, discard it. Shuffle the remaining powers and gain the top one of the deck. Its winning bid becomes this power's bid.",
    prior: 12,
    onWin: 'alternate-universe',
  }),

  power({
    id: 'hypnotism',
    name: 'Hypnotism',
    text: "Spend X and choose a Hero: the chosen Hero must attack a hero of your choice for X next round. (Hero's can't attack themselves)",
    prior: 8,
    // A costed power with no Activate: usable any number of times a round (the rules page).
    use: { spend: 'X', target: 'opponent', phase: 'allocation' },
    resolveUse(c, self, _k, use) {
      const t = use.target;
      const v = use.victim ?? self;
      if (t === undefined || v === t || !c.alive[t] || (use.x ?? 0) <= 0) return;
      c.forced[t] = [v, use.x ?? 0];
    },
  }),

  power({
    id: 'barter-with-fate',
    name: 'Barter With Fate',
    text: 'During the Reveal phase you may discard a power to prevent all damage which would be dealt to you.',
    prior: 20,
    use: { target: 'ownPower', phase: 'reveal', activate: 1 },
    prepareUse(c, self, k, use) {
      const t = use.target ?? k;
      if (!c.powers[self]![t]) return;
      c.discard(self, t);
      c.preventAll[self] = true;
    },
  }),

  power({
    id: 'javalin',
    name: 'Javalin',
    text: 'Whenever you attack a Hero, you may have them gain control of Javalin to add 20 unblockable damage to your attack.',
    prior: 12,
    params: { damage: p(20) },
    modify(c, self, k, stage) {
      // Thrown once a round (it then changes hands): at the hero the holder picked
      // (picks.ts; -1 keeps it; not thrown if that attack is gone), by default at the
      // largest attack.
      if (stage !== 0 || c.noted(NOTE.javalin, ROUND) !== 0) return;
      const chosen = c.pick(self, k);
      let best = -1;
      if (chosen !== undefined) {
        if (chosen < 0 || chosen >= c.H || !(c.atk[self * c.H + chosen]! > 0)) return;
        best = chosen;
      } else for (let j = 0; j < c.H; j++) if (c.atk[self * c.H + j]! > 0 && (best < 0 || c.atk[self * c.H + j]! > c.atk[self * c.H + best]!)) best = j;
      if (best < 0) return;
      c.note(NOTE.javalin, ROUND, 1);
      c.extraUnblockable[self * c.H + best]! += param(c, self, k, 'damage');
      const held = c.powers[self]![k]!;
      c.discard(self, k);
      c.give(best, held);
    },
  }),

  power({
    id: 'pure-energy-being',
    name: 'Pure Energy Being',
    text: 'If you win this power, you gain energy equal to half of the energy bid on all powers.',
    prior: 30,
    params: { fraction: p(0.5) },
    onWin: 'pure-energy',
  }),

  power({
    id: 'clockwork-being',
    name: 'Clockwork Being',
    text: "You can't lose the game. On the 12th round, discard this power and lose the game.",
    prior: 20,
    params: { lastRound: p(12) },
    resolve(c, self) {
      c.cannotLose[self] = true;
    },
    roundEnd(c, self, k) {
      if (c.round < param(c, self, k, 'lastRound')) return;
      c.discard(self, k);
      c.cannotLose[self] = false;
      c.mustLose[self] = true;
    },
  }),

  power({
    id: 'disarming-strike',
    name: 'Disarming Strike',
    text: 'If you damage an opponent, you may have them discard a power with power strength less than or equal to your Attack.',
    prior: 15,
    // "You may ... a power": the power of the damaged hero the holder picked (picks.ts;
    // -1: none) if the Attack reaches it, by default the strongest it reaches.
    afterDeal(c, self, k, ev: DamageEvent) {
      if (ev.kind !== 'attack') return;
      const limit = c.atk[self * c.H + ev.tgt]!;
      const ps = c.powers[ev.tgt]!;
      const chosen = c.pick(self, k, ev.tgt);
      if (chosen === -1) return;
      if (chosen !== undefined && ps[chosen] && ps[chosen]!.strength <= limit) {
        c.discard(ev.tgt, chosen);
        return;
      }
      let best = -1;
      for (let t = 0; t < ps.length; t++) {
        const q = ps[t];
        if (q && q.strength <= limit && (best < 0 || q.strength > ps[best]!.strength)) best = t;
      }
      if (best >= 0) c.discard(ev.tgt, best);
    },
  }),

  power({
    id: 'sharp-knives',
    name: 'Sharp Knives',
    text: 'When you damage an opponent with attack damage, Sharp Knives deals 2 unblockable damage to them for the next two rounds.',
    prior: 12,
    params: { damage: p(2), rounds: p(2) },
    afterDeal(c, self, k, ev) {
      if (ev.kind !== 'attack') return;
      c.bleed[ev.tgt]!.push(self, param(c, self, k, 'damage'), param(c, self, k, 'rounds'));
    },
  }),

  power({
    id: 'sidekick',
    name: 'Sidekick',
    text: 'Sidekick is a Hero with 50 energy and controlled by its winner. Treat it as both a Hero and a Power. If the Hero controlling Sidekick dies, they still control Sidekick until it dies.',
    prior: 30,
    params: { energy: p(50) },
    onWin: 'sidekick',
  }),

  power({
    id: 'psionic-head-exploding-rays',
    name: 'Psionic Head Exploding Rays',
    text: 'Choose an opponent and Spend X: if X is greater than their defense, they lose at the end of the next round.',
    prior: 20,
    // A costed power with no Activate: usable any number of times a round.
    use: { spend: 'X', target: 'opponent', phase: 'allocation' },
    // Compared with the target's Defense after all powers, before attacks use it up.
    resolveUse(c: PowerWorld, _self, _k, use) {
      const t = use.target;
      if (t === undefined || !c.alive[t]) return;
      if ((use.x ?? 0) > c.fullDef[t]!) c.doomRound[t] = c.round + 1;
    },
  }),

  power({
    id: 'brainswap',
    name: 'Brainswap',
    text: 'Use once per game: Swap Powers and Energy levels with an opponent, at the end of the round. They then lose Brainswap.',
    prior: 20,
    use: { target: 'opponent', phase: 'allocation', exhaust: 1 },
    resolveUse(c, self, _k, use) {
      if (use.target !== undefined) c.note(NOTE.brainswap, self, use.target + 1);
    },
    roundEnd(c, self, k) {
      const t = c.noted(NOTE.brainswap, self) - 1;
      // A hero at 0 or below is out at once: no swap with (or by) an eliminated hero.
      if (t < 0 || !c.alive[t] || !c.alive[self] || c.energy[t]! <= 0 || c.energy[self]! <= 0) return;
      c.discard(self, k);
      const mine = c.powers[self]!.filter((x) => x !== null);
      const theirs = c.powers[t]!.filter((x) => x !== null);
      c.setPowers(self, theirs);
      c.setPowers(t, mine);
      c.swapEnergy(self, t);
    },
  }),
];
