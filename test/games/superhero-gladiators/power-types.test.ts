/**
 * A power type of the designer's own, as content (power-types.ts): a new id and name over
 * one of the text's mechanics (`like`), with its own levels, enhancements and numbers. The
 * text asks every designer to decide what each power looks like ("Is the close attack a
 * sword, or punching, or a wet noodle?"); a content type goes one step further and gives the
 * look its own numbers, while the rules of its mechanic still hold.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../agents/index.js';
import { UserError } from '../../../src/core/errors.js';
import { Rng } from '../../../src/core/rng.js';
import { initTf } from '../../../src/core/tf.js';
import { buildHero, powerCost } from '../../../src/games/superhero-gladiators/builder.js';
import { checkHeroFile } from '../../../src/games/superhero-gladiators/content.js';
import { parseHeroSpec, parseHeroText, type HeroInput } from '../../../src/games/superhero-gladiators/hero.js';
import { parseOptions } from '../../../src/games/superhero-gladiators/index.js';
import type { ShgAction } from '../../../src/games/superhero-gladiators/state.js';
import { SURE_HIT, cell, fight, game, hero, options, play } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'shg-power-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SONIC = { id: 'sonic-punch', name: 'sonic punch', like: 'close-attack', levels: [1, 3], enhancements: [], numbers: { damage: { mul: ['level', 4] } } };
const GLIDE = { id: 'glide', like: 'flight', numbers: { rate: { mul: ['rate', 'level', 1.5] } } };

/** A hero with `powers`, carrying the content types it uses (as the hero-file reader attaches them). */
const withTypes = (name: string, powers: unknown[], types: unknown[] = [SONIC, GLIDE], extra: Partial<HeroInput> = {}): HeroInput =>
  hero(name, { powers: powers as HeroInput['powers'], powerTypes: types as HeroInput['powerTypes'], ...extra });

/** The built hero of an input (shape checked and defaults filled, as a hero file's). */
const built = (input: HeroInput) => buildHero(parseHeroSpec(input, 'test'), undefined, 'test');

/** The one-line error `text` (a hero file) fails with. */
function fileError(text: string): string {
  try {
    parseHeroText(text, 'hero file t.yaml').forEach((h) => buildHero(h, undefined, 'hero file t.yaml'));
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    expect((e as Error).message).not.toContain('\n');
    return (e as Error).message;
  }
  return '';
}
const HERO = "heroes:\n  - { name: X, STR: 4, DEX: 4, SIZ: 4, PER: 3, powers: [{ type: sp, level: 2, uses: infinite }] }\n";
const typeFile = (type: string) => `powerTypes:\n  - ${type}\n${HERO}`;

describe('a content type like close-attack, with damage level x 4', () => {
  it('deals 4 x level Oomph where the text\'s close attack deals 3 x level ("close attack: damage in oomph equals level x 3")', () => {
    const o = options([withTypes('Sal', [{ type: 'sonic-punch', level: 3, uses: 'infinite' }]), hero('B')], { rules: SURE_HIT });
    const s = fight(o, [cell(4, 2), cell(5, 2)]);
    expect(s.setup.heroes[0]!.powers[0]!.mechanic).toBe('close-attack');
    const attack: ShgAction = { k: 'attack', p: 0, target: 1, gizmo: -1 };
    expect(play(s, attack).heroes[1]!.oomph).toBe(48 - 12);
    // The same hero with the text's close attack: level x 3.
    const text = options([hero('Sal', { powers: [{ type: 'close-attack', level: 3, uses: 'infinite' }] }), hero('B')], { rules: SURE_HIT });
    expect(play(fight(text, [cell(4, 2), cell(5, 2)]), attack).heroes[1]!.oomph).toBe(48 - 9);
  });

  it('is a close attack to the rules: adjacent foes only, and a hit opens copy power\'s window ("only usable after a close attack that did damage")', () => {
    const sal = withTypes('Sal', [{ type: 'sonic-punch', level: 2, uses: 'infinite' }, { type: 'copy-power', level: 3, uses: 'infinite' }]);
    const o = options([sal, hero('B', { powers: [{ type: 'healing', level: 2, uses: 'infinite' }] })], { rules: SURE_HIT });
    const far = fight(o, [cell(1, 2), cell(5, 2)]);
    expect(game.legalActions(far, 0).some((a) => a.k === 'attack' && a.p === 0)).toBe(false);
    const hit = play(fight(o, [cell(4, 2), cell(5, 2)]), { k: 'attack', p: 0, target: 1, gizmo: -1 });
    expect(hit.heroes[1]!.oomph).toBe(48 - 8);
    expect(game.legalActions(hit, 0).map((a) => a.k)).toEqual(['copy', 'copy']);
  });

  it('a copied content power keeps its own numbers', () => {
    const o = options([withTypes('Sal', [{ type: 'sonic-punch', level: 2, uses: 'infinite' }]), hero('Copycat', { powers: [{ type: 'copy-power', level: 3, uses: 'infinite' }] })], { rules: SURE_HIT });
    const s0 = fight(o, [cell(4, 2), cell(5, 2)], 1);
    // Copycat copies Sal's sonic punch (as if its close attack had hurt Sal), then strikes with it.
    const s1 = { ...s0, heroes: s0.heroes.map((r, i) => (i === 1 ? { ...r, copy: { from: 0, slot: 0 }, uses: [Infinity, 3] } : r)) } as typeof s0;
    expect(play(s1, { k: 'attack', p: 1, target: 0, gizmo: -1 }).heroes[0]!.oomph).toBe(48 - 8);
  });
});

describe('a content type like flight, rate normal x level x 1.5', () => {
  it('moves at its own rate (the card and the fight)', () => {
    const spec = withTypes('Glider', [{ type: 'glide', level: 2, uses: 'infinite' }]);
    const h = built(spec);
    expect(h.rates).toEqual({ normal: 16, glide: 16 * 2 * 1.5 });
    const o = options([spec, hero('B')]);
    const s = fight(o, [cell(0, 0), cell(8, 4)]);
    // "flight: movement rate = normal movement rate x level x 2"; glide x 1.5: 48, ceil(48 / 10) = 5 hexes a move (walking: ceil(16 / 10) = 2).
    const reach = (slot: number) => Math.max(...game.legalActions(s, 0).filter((a) => a.k === 'move' && a.p === slot).map((a) => s.setup.map.grid.distance(cell(0, 0), (a as { to: number }).to)));
    expect(reach(-1)).toBe(2);
    expect(reach(0)).toBe(5);
  });
});

describe('the builder prices and checks a content type as the text prices powers', () => {
  it('"cost = 10 x 1.4948^(level-1) x (3 - 3.15 x 1.1^(-uses))": the same formula as any power of its level and uses', () => {
    const h = built(withTypes('Sal', [{ type: 'sonic-punch', level: 3, uses: 5 }]));
    expect(h.powers[0]!.cost).toBeCloseTo(powerCost(3, 5, []), 10);
    expect(h.powers[0]!.name).toBe('sonic punch');
  });

  it('its levels, its enhancements and "You can only buy each type of superpower once" (a sonic punch is a close attack)', () => {
    const build = (powers: unknown[]) => () => built(withTypes('Sal', powers));
    expect(build([{ type: 'sonic-punch', level: 4, uses: 'infinite' }])).toThrow(/hero "Sal": powers\[0\] \(sonic-punch\)\.level is 4; allowed: 1 to 3$/);
    expect(build([{ type: 'sonic-punch', level: 2, uses: 'infinite', enhancements: ['piercing'] }])).toThrow(/enhancements is \["piercing"\]; allowed: piercing only on .* \(power type sonic-punch is sold without it\)$/);
    expect(build([{ type: 'sonic-punch', level: 2, uses: 'infinite' }, { type: 'close-attack', level: 1, uses: 3 }])).toThrow(/powers\[1\]\.type is "close-attack"; allowed: each power type once \(close-attack and sonic-punch are both close-attack\)$/);
    expect(build([{ type: 'sonic-punch', level: 2, uses: 'infinite' }, { type: 'glide', level: 1, uses: 'infinite' }])).not.toThrow();
    expect(build([{ type: 'sonik-punch', level: 2, uses: 'infinite' }])).toThrow(/powers\[0\]\.type is "sonik-punch"; allowed: one of the text's types \(.*\) or the file's own \(sonic-punch, glide\)$/);
  });
});

describe('each mistake in a power type is one line naming file, type, field, value and what is allowed', () => {
  it.each([
    ['{ id: sp, like: close-atack }', 'hero file t.yaml: power type "sp": field like is "close-atack"; unknown type `close-atack`; did you mean `close-attack`? (one of the text\'s types)'],
    ['{ id: sp, like: entangle }', 'hero file t.yaml: power type "sp": field like is "entangle"; allowed: any text type but entangle (an entangled hero keeps only the level of what holds it, so escape numbers other than the text\'s could not apply)'],
    ['{ id: sp, like: absorbing, levels: [3, 4] }', 'hero file t.yaml: power type "sp": field levels is [3,4]; allowed: [lowest, highest] within absorbing\'s levels (4 only)'],
    ['{ id: sp, like: shapeshift, levels: [1, 4] }', 'hero file t.yaml: power type "sp": field levels is [1,4]; allowed: [lowest, highest] within shapeshift\'s levels (1 to 3)'],
    ['{ id: sp, like: close-attack, numbers: { dmg: 3 } }', 'hero file t.yaml: power type "sp": field numbers.dmg is 3; unknown number `dmg`; allowed: damage (close-attack\'s numbers)'],
    ['{ id: sp, like: close-attack, numbers: { damage: levl } }', 'hero file t.yaml: power type "sp": numbers: field damage: unknown value `levl`; did you mean `level`?'],
    ['{ id: flight, like: close-attack }', 'hero file t.yaml: power type "flight": field id is "flight"; allowed: an id no built-in type has (flight is the text\'s own type)'],
    ['{ id: sp, like: close-attack, enhancements: [missile] }', 'hero file t.yaml: power type "sp": field enhancements is ["missile"]; allowed: a subset of close-attack\'s (piercing)'],
    ['{ id: sp, like: healing }\n  - { id: sp, like: close-attack }', 'hero file t.yaml: power type "sp": field id is "sp"; allowed: each power type id once'],
  ])('%s', (type, message) => {
    expect(fileError(typeFile(type))).toBe(message);
  });

  it('a hero given in the game options with its own types: the same checks (here: an id twice)', () => {
    const twice = withTypes('Sal', [{ type: 'sonic-punch', level: 2, uses: 'infinite' }], [SONIC, { ...SONIC, like: 'healing', numbers: {} }]);
    expect(() => options([twice, hero('B')])).toThrow(/^superhero-gladiators options: heroes: hero "Sal": power type "sonic-punch": field id is "sonic-punch"; allowed: each power type id once$/);
  });

  it('a hero naming a type neither the text nor the file has', () => {
    expect(fileError(`powerTypes:\n  - { id: sq, like: close-attack }\n${HERO}`)).toMatch(/^hero file t\.yaml: hero "X": field powers\.0\.type is "sp"; allowed: "tunneling", .*, "life-support" \(the text's types\) or the file's own \("sq"\)$/);
  });

  it('a hero of the document form names its types at the top level only', () => {
    expect(fileError('powerTypes: []\nheroes:\n  - { name: X, STR: 4, DEX: 4, SIZ: 4, PER: 3, powerTypes: [] }\n')).toBe(
      'hero file t.yaml: hero "X": field powerTypes is given; allowed: power types at the file\'s top level (powerTypes: beside heroes:)',
    );
  });

  it('--hero-file checks it before any game (checkHeroFile), and attaches to each hero the types it uses', () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, typeFile('{ id: sp, like: entangle }'));
    expect(() => checkHeroFile(bad)).toThrow(UserError);
    const good = join(dir, 'good.yaml');
    writeFileSync(good, `powerTypes:\n  - { id: sp, like: close-attack, numbers: { damage: { mul: [level, 4] } } }\n  - { id: unused, like: healing }\n${HERO}  - { name: Y, STR: 4, DEX: 4, SIZ: 4, PER: 3 }\n`);
    const [x, y] = checkHeroFile(good);
    expect(x!.powerTypes?.map((t) => t.id)).toEqual(['sp']);
    expect(y!.powerTypes).toBeUndefined();
  });
});

describe('learned agents see a content type as its mechanic', () => {
  beforeAll(async () => {
    await initTf();
  });

  it('the shipped model plays a hero with a close-attack-like type of the text\'s numbers exactly as with the close attack itself', () => {
    const same = { id: 'fist', like: 'close-attack' };
    const play = (powers: unknown[], types?: unknown[]) => {
      const o = parseOptions({ heroes: [hero('Sal', { powers: powers as HeroInput['powers'], ...(types ? { powerTypes: types as HeroInput['powerTypes'] } : {}) })], teams: [['Sal'], ['Amazon']], turnCap: 2 });
      let s = game.setup(o, 3);
      const agents = [0, 1].map((p) => createAgent(p === 0 ? 'net:model=models/superhero-gladiators,transfer=1' : 'heuristic', game, new Rng(p + 1)));
      const moves: string[] = [];
      const obs = new Float32Array(game.encoder!.observationSize);
      while (!game.isTerminal(s)) {
        const p = game.toMove(s)[0]!;
        const legal = game.legalActions(s, p);
        game.encoder!.encode(game.observe(s, p), p, obs);
        moves.push(`${Array.from(obs).join(',')}|${legal.map((a) => game.encoder!.actionIndex(a, s, p)).join(',')}`);
        const a = agents[p]!.act({ game, options: o, obs: game.observe(s, p), player: p, legal } as never) as ShgAction;
        moves.push(JSON.stringify(a));
        s = game.apply(s, [a]);
      }
      return moves;
    };
    const text = play([{ type: 'close-attack', level: 2, uses: 'infinite' }]);
    const content = play([{ type: 'fist', level: 2, uses: 'infinite' }], [same]);
    expect(text.length).toBeGreaterThan(4);
    expect(content).toEqual(text);
  });
});
