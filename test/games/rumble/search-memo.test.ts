/**
 * evaluate's memo of a pending Reveal priced at its defaults (search-memo.ts) must give
 * what pricing afresh gives: a search's leaves with the same revealed allocations share the
 * value whatever their random stream (the round's resolution draws nothing), and a leaf that
 * differs in anything else is priced for itself.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng.js';
import { rumble, rumbleOptions, SEED_POWERS, type RumbleAction, type RumbleState } from '../../../src/games/rumble/index.js';
import { evaluate, evaluateWith } from '../../../src/games/rumble/evaluate.js';
import { afterDefaultReveal } from '../../../src/games/rumble/resolution.js';
import { keptTransitions } from '../../../src/games/rumble/kept-transitions.js';
import { drawFrom, scriptDice } from '../../../src/core/random.js';
import { deepFreeze } from '../../core/contract.js';

/** Every seed power dealt round-robin to 4 heroes: Reveal decisions in most rounds. */
function fullLibrary(): RumbleState {
  const heroes = [0, 1, 2, 3].map(() => ({ energy: 100, powers: [] as { id: string; strength: number }[] }));
  SEED_POWERS.forEach((p, i) => {
    if (!p.onWin) heroes[i % 4]!.powers.push({ id: p.id, strength: 10 });
  });
  return rumble.setup(rumbleOptions({ players: 4, fixed: heroes }), 3);
}

/** evaluate without the memo: the state after the default Reveal, priced (evaluate.ts). */
function fresh(s: RumbleState): readonly number[] {
  const after = afterDefaultReveal(s);
  return after.returns ?? evaluate(after);
}

/** Allocation states of seeded random full-library games, each with one joint move from its menus. */
function* allocationSteps(games: number): Generator<{ s: RumbleState; joint: RumbleAction[] }> {
  const rng = new Rng(5);
  for (let g = 0; g < games; g++) {
    let s = fullLibrary();
    while (!rumble.isTerminal(s) && s.round < 10) {
      const joint = rumble.toMove(s).map((p) => rng.pick(rumble.legalActions(s, p)));
      if (s.phase === 'alloc') yield { s, joint };
      s = rumble.apply(s, joint);
    }
  }
}

describe('rumble evaluate: pending Reveals priced once per search node', () => {
  it('leaves of two determinizations with the same joint Allocation share one value, equal to pricing afresh', () => {
    let pending = 0;
    for (const { s, joint } of allocationSteps(3)) {
      const p = rumble.toMove(s)[0]!;
      const obs = rumble.observe(s, p);
      const [a, b, c] = [1, 2, 3].map((k) => rumble.apply(deepFreeze(rumble.determinize(obs, p, new Rng(k))), joint));
      if (a!.phase !== 'reveal') continue;
      pending++;
      expect(a!.rng).not.toBe(b!.rng);
      // The first leaf of a node is priced alone; from the second on the node's value is kept.
      const va = evaluate(a!);
      const vb = evaluate(deepFreeze(b!));
      expect(evaluate(deepFreeze(c!))).toBe(vb);
      expect([...va]).toEqual([...fresh(a!)]);
      expect([...vb]).toEqual([...fresh(c!)]);
    }
    expect(pending).toBeGreaterThan(10);
  });

  it('a leaf that differs in its revealed allocations, its heroes or the worth it is priced with is priced for itself', () => {
    let checked = 0;
    for (const { s, joint } of allocationSteps(3)) {
      const leaf = rumble.apply(s, joint);
      if (leaf.phase !== 'reveal') continue;
      const kept = evaluate(leaf);
      // A copy of the first revealed allocation (equal, another object: priced again, same value).
      const first = leaf.pending!.findIndex((x) => x !== null);
      const other = { ...leaf, pending: leaf.pending!.map((x, h) => (h === first ? { ...x! } : x)) };
      expect(evaluate(other)).not.toBe(kept);
      expect([...evaluate(other)]).toEqual([...fresh(other)]);
      // One hero with 7 Energy less: a new heroes list.
      const weaker = { ...leaf, heroes: leaf.heroes.map((h, i) => (i === 1 && h.alive ? { ...h, energy: Math.max(1, h.energy - 7) } : h)) };
      expect([...evaluate(weaker)]).toEqual([...fresh(weaker)]);
      // Another round number alone (a field outside the heroes and the allocations).
      const later = { ...leaf, round: leaf.round + 1 };
      expect(evaluate(later)).not.toBe(kept);
      // Energy alone (no power worth): its own value, not the prior-priced one.
      const energyOnly = evaluateWith(leaf, () => 0);
      expect(energyOnly).not.toBe(kept);
      const after = afterDefaultReveal(leaf);
      expect([...energyOnly]).toEqual([...(after.returns ?? evaluateWith(after, () => 0))]);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe('rumble keptTransitions: a joint move applied once per search node', () => {
  it('gives what apply gives on every determinization (its own stream), keeping the next state from the second on', () => {
    const apply = keptTransitions(rumble.applyUnchecked!);
    let steps = 0;
    for (const { s, joint } of allocationSteps(2)) {
      const p = rumble.toMove(s)[0]!;
      const obs = rumble.observe(s, p);
      const ds = [1, 2, 3].map((k) => deepFreeze(rumble.determinize(obs, p, new Rng(k))));
      const next = ds.map((d) => apply(d, joint));
      ds.forEach((d, k) => {
        expect(next[k]!.rng).toBe(d.rng);
        expect(next[k]).toEqual(rumble.apply(d, joint));
      });
      // The third shares the second's (kept) next state: the round was resolved once for both.
      expect(next[2]!.heroes).toBe(next[1]!.heroes);
      steps++;
    }
    expect(steps).toBeGreaterThan(10);
  });

  it("hands a test's dice script on from a scripted state, as the step itself does", () => {
    // core/random.ts: "The states the transitions make from it carry the rest of the script."
    const apply = keptTransitions(rumble.applyUnchecked!);
    const { s, joint } = allocationSteps(1).next().value!;
    const p = rumble.toMove(s)[0]!;
    const obs = rumble.observe(s, p);
    for (const k of [1, 2]) apply(rumble.determinize(obs, p, new Rng(k)), joint);
    const scripted = scriptDice(rumble.determinize(obs, p, new Rng(3)), [4, 2]);
    const next = apply(scripted, joint);
    expect(next.rng).toBe(scripted.rng);
    const dice = drawFrom(next);
    expect([dice.d(6), dice.d(6)]).toEqual([4, 2]);
  });

  it('never keeps a step that drew from the stream', () => {
    const s = fullLibrary();
    let calls = 0;
    // A step that draws: its next stream differs from the asker's.
    const drawing = keptTransitions((x) => {
      calls++;
      return { ...x, rng: (x.rng as number) + 1 };
    });
    const joint = rumble.toMove(s).map((p) => rumble.legalActions(s, p)[0]!);
    for (let k = 0; k < 3; k++) drawing({ ...s, rng: k }, joint);
    expect(calls).toBe(3);
  });
});
