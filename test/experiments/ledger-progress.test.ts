import { describe, expect, it } from 'vitest';
import { GameLedger } from '../../experiments/ledger.js';
import type { GameRecord } from '../../src/sim/types.js';
import { wilson } from '../../src/core/wilson.js';

const game = (seed: number): GameRecord => ({ seed, returns: [1, 0], tags: { endReason: 'knockout' } }) as unknown as GameRecord;

describe('study ledger progress lines off a terminal', () => {
  it('prints at most one line per interval however many one-game parts finish', () => {
    let t = 0;
    const lines: string[] = [];
    const ledger = new GameLedger((l) => lines.push(l), 2000, () => t);
    for (let i = 0; i < 1000; i++) {
      t += 10; // 1,000 one-game parts over 10 s
      ledger.add([game(i)]);
    }
    expect(ledger.games).toBe(1000);
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(lines.length).toBeLessThanOrEqual(6);
    expect(lines[0]).toMatch(/1 part done \(last: 1 game\); 1 games so far, 0 failed/);
    expect(lines.at(-1)).toMatch(/parts done .* 0 failed/);
  });

  it('is never silent when parts are slow: a line for every part', () => {
    let t = 0;
    const lines: string[] = [];
    const ledger = new GameLedger((l) => lines.push(l), 2000, () => t);
    for (let i = 0; i < 4; i++) {
      t += 60_000;
      ledger.add([game(2 * i), game(2 * i + 1)]);
    }
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/4 parts done \(last: 2 games\); 8 games so far, 0 failed, 0 games\/s, 240 s/);
  });
});

describe('ledger: the share of games at the cap is over seeds', () => {
  const g = (index: number, seed: number, capped: boolean): GameRecord => ({ index, seed, seats: ['a', 'a'], slots: [0, 0], returns: [0.5, 0.5], length: 10, tags: { endReason: capped ? 'turn cap' : 'rules' } });
  it('games on one seed are one observation: no "95% CI 0.0–79.3% over 1 seeds" (issue #28), the interval is not estimable', () => {
    const ledger = new GameLedger();
    ledger.add(Array.from({ length: 6 }, (_, i) => g(i, 100, i < 3)));
    const s = ledger.capShare();
    expect(s.seeds).toBe(1);
    expect(s.lo).toBeNaN();
    const text = ledger.summary('gladiator-duel')[0]!;
    expect(text.kind === 'text' && text.text).toMatch(/3 of 6 games \(50%, interval not estimable from one unit: the games share one seed, 1 unit\)/);
    expect(text.kind === 'text' && text.text).not.toMatch(/95% CI/);
  });
  it('two tables on one master seed: the games on seed i are one unit, n counts seeds', () => {
    const ledger = new GameLedger();
    // 10 seeds; a seed either caps in both tables or in neither (the same dice).
    const table = Array.from({ length: 10 }, (_, i) => g(i, 100 + i, i < 3));
    ledger.add(table);
    ledger.add(table.map((r) => ({ ...r })));
    const s = ledger.capShare();
    expect(s.seeds).toBe(10);
    expect(s.p).toBeCloseTo(0.3, 12);
    // Wilson over the 20 games would be narrower than 10 seeds allow.
    expect(s.hi - s.lo).toBeGreaterThan(wilson(6, 20).hi - wilson(6, 20).lo);
    expect(ledger.warnings('gladiator-duel')[0]!.statement).toMatch(/6 of 20 games \(30%, 95% CI .*, 10 units\) ended at the turn cap/);
  });
});
