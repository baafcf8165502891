/**
 * The scripted probes' attacking lines (probes.ts). The text: "distance attack | damage in
 * oomph equals level x 2" — a hero whose attack is at range need not stand next to its
 * foe, so the attacking probe of a shooter (`shoot`) strikes from where it stands; `fight`
 * closes in first (it strikes only next to its foe), which a shooter's deviator must not do.
 */
import { describe, expect, it } from 'vitest';
import { probeChoice } from '../../../src/games/superhero-gladiators/probes.js';
import { cell, fight, hero, legal, options } from './helpers.js';

const shooter = () => hero('Lass', { powers: [{ type: 'distance-attack', level: 3, uses: 'infinite' }] });

describe('scripted probes', () => {
  it('`shoot` strikes a foe in sight from range with its distance attack; `fight` steps toward it instead', () => {
    const s = fight(options([shooter(), hero('Foe')]), [cell(0, 4), cell(6, 4)]);
    const shot = probeChoice('shoot', s, legal(s));
    expect(shot).toMatchObject({ k: 'attack', target: 1, gizmo: -1 });
    expect((shot as { p: number }).p).toBeGreaterThanOrEqual(0);
    expect(probeChoice('fight', s, legal(s)).k).toBe('move');
  });

  it('`shoot` with nothing that reaches closes in as `fight` does; next to its foe it takes the strike that takes the most Oomph off', () => {
    const brawler = hero('Brawler', { powers: [{ type: 'close-attack', level: 3, uses: 'infinite' }] });
    const far = fight(options([brawler, hero('Foe')]), [cell(0, 4), cell(6, 4)]);
    expect(probeChoice('shoot', far, legal(far))).toEqual(probeChoice('fight', far, legal(far)));
    const near = fight(options([brawler, hero('Foe')]), [cell(5, 4), cell(6, 4)]);
    // close attack level 3 (9 Oomph) over a punch (ceil(STR / 3) = 2)
    expect(probeChoice('shoot', near, legal(near))).toMatchObject({ k: 'attack', target: 1, p: 0 });
  });
});
