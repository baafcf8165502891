import { describe, expect, it } from 'vitest';
import { analyseCards, type CardEvidence } from '../../experiments/ophidian/cards.js';
import { analyseConfirmation, shortlist } from '../../experiments/ophidian/cards-confirm.js';
import { Rng } from '../../src/core/rng.js';

// Issue #28, the planted case: under the deterministic heuristic a card whose units are all
// identical had weight 1/0.01² = 10⁴ in the price line. After one card was edited (War Cry,
// every unit +0.5) it and an untouched card (Rift Spawn, every unit 0: "0 [0, 0]") set the
// slope alone, and Rift Spawn became "too weak … confirmed and replicated".
function planted(): CardEvidence[] {
  const rng = new Rng(28);
  const noisy = (n: number) => Array.from({ length: n }, () => [-0.5, 0, 0, 0.5][rng.int(4)]!);
  const ordinary: CardEvidence[] = Array.from({ length: 10 }, (_, i) => ({ id: `c${i}`, name: `Card ${i}`, cost: 2, inclusion: [], loss: noisy(16), plays: [1, 1, 1, 1] }));
  return [
    ...ordinary,
    { id: 'war-cry', name: 'War Cry', cost: 1, inclusion: [], loss: new Array(16).fill(0.5), plays: [1, 1, 1, 1] },
    { id: 'rift-spawn', name: 'Rift Spawn', cost: 3, inclusion: [], loss: new Array(16).fill(0), plays: [1, 1, 1, 1] },
  ];
}

describe('ophidian-cards: no fit, weight or verdict treats a zero-width interval as exact', () => {
  it('one edited card and one zero-spread untouched card do not set the price line, and the untouched card is not mispriced', () => {
    const cards = planted();
    const a = analyseCards(cards);
    // Without the two planted cards the ordinary cards' line is about flat; the two must not pin it.
    const base = analyseCards(cards.slice(0, 10));
    expect(Math.abs(a.beta - base.beta)).toBeLessThan(3 * Math.max(a.betaSe, base.betaSe));
    // Two cards of sixteen identical units each cannot make the slope four times as precise
    // (with the 0.01 floor: β 0.048 ± 0.003 against 0.017 ± 0.014 without them).
    expect(a.betaSe).toBeGreaterThan(0.5 * base.betaSe);
    const rift = a.findings.find((f) => f.id === 'rift-spawn')!;
    expect(rift.loss.hi - rift.loss.lo).toBeGreaterThan(0.2); // not "0 [0, 0]"
    expect(rift.price?.rejected ?? false).toBe(false);
    if (rift.price) expect(rift.price.lossHi).toBeGreaterThan(rift.price.lossLo);
  });

  it('the confirmation stage neither ranks nor names a card on units that are all 0', () => {
    const line = { beta: 0.05, betaSe: 0.01, usable: true };
    const cards = [{ id: 'rift-spawn', cost: 3, loss: new Array(16).fill(0), plays: [1, 1, 1, 1] }];
    const c = analyseConfirmation(cards, line);
    // expected loss 0.15 from the line; sixteen units of 0 cannot rule out a loss of ±0.2
    expect(c.findings[0]!.price?.rejected).toBe(false);
    expect(c.findings[0]!.loss.hi - c.findings[0]!.loss.lo).toBeGreaterThan(0.2);
    const list = shortlist(
      [
        { id: 'rift-spawn', name: 'Rift Spawn', cost: 3, loss: new Array(16).fill(0), plays: [1, 1], expected: 0.15 },
        { id: 'real', name: 'Real', cost: 3, loss: [0.5, 0.5, 0, 0.5, 0.5, 0, 0.5, 0.5, 0.5, 0.5, 0, 0.5, 0.5, 0.5, 0.5, 0.5], plays: [1, 1], expected: 0.15 },
      ],
      true,
      1,
    );
    expect(list.entries[0]!.id).toBe('real');
  });
});
