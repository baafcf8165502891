import { describe, expect, it } from 'vitest';
import { parseCardFile } from '../../../src/games/ophidian/cards/format.js';
import { CARD_DISCIPLINES, DISCIPLINES, PLAY_SYMBOLS, SPECIES, STRATEGY_TYPES } from '../../../src/games/ophidian/cards/types.js';
import { SAMPLE_CARDS } from '../../../src/games/ophidian/sample.js';
import { env, run, TestWorld } from './world.js';

const S = SAMPLE_CARDS;
const card = (id: string) => {
  const c = S.strategies.get(id);
  if (!c) throw new Error(id);
  return c;
};
const glad = (id: string) => {
  const g = S.gladiators.get(id);
  if (!g) throw new Error(id);
  return g;
};

describe('the sample card set (labelled as a sample)', () => {
  it('is labelled a sample and covers the issue\'s minimum', () => {
    expect(S.sample).toBe(true);
    const main = [...S.gladiators.values()].filter((g) => !g.reinforcement);
    expect(main.length).toBeGreaterThanOrEqual(16);
    const disciplines = new Set(main.flatMap((g) => g.levels.flatMap((l) => l.disciplines)));
    expect([...disciplines].sort()).toEqual([...DISCIPLINES].sort());
    expect(new Set(main.map((g) => g.species)).size).toBe(SPECIES.length);
    for (const g of main) expect(g.levels.map((l) => l.level)).toEqual([1, 2, 3]);
    const reinf = [...S.gladiators.values()].filter((g) => g.reinforcement);
    expect(reinf.length).toBeGreaterThanOrEqual(1);
    for (const r of reinf) {
      expect(r.levels.map((l) => l.level)).toEqual([0]);
      expect(r.keywords).toContain('Reinforcement');
      expect(r.maintain).toBeGreaterThan(0);
    }
  });

  it('has at least 60 Strategy cards covering every type, every play Flow symbol, every discipline and Universal', () => {
    const all = [...S.strategies.values()];
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(new Set(all.map((c) => c.type))).toEqual(new Set(STRATEGY_TYPES));
    expect(new Set(all.map((c) => c.flow))).toEqual(new Set(PLAY_SYMBOLS));
    expect(new Set(all.map((c) => c.discipline))).toEqual(new Set(CARD_DISCIPLINES));
    expect(all.some((c) => c.maintain === null)).toBe(true); // skull
    expect(all.some((c) => c.extra > 0)).toBe(true); // extra-Gladiator requirement
    expect(all.some((c) => c.cost.xChosen)).toBe(true); // X cost
    const abilitySymbols = new Set([...S.gladiators.values()].flatMap((g) => g.levels.flatMap((l) => l.abilities.map((a) => a.flow))));
    for (const f of ['+', '-', '?', 'DR', 'R', 'PASS']) expect(abilitySymbols).toContain(f);
  });

  it('gives the Example Game teams 10 VP each and the stats the example shows (5.0)', () => {
    const vp = (ids: string[]) => ids.reduce((t, id) => t + glad(id).levels[0]!.vp, 0);
    expect(vp(['david-dangers', 'madame-petice', 'little-jinx', 'poc-shot'])).toBe(10);
    expect(vp(['david-dangers', 'version-9', 'trace', 'stallion'])).toBe(10);
    const poc = glad('poc-shot').levels[0]!;
    // "Poc Shot takes 1 Damage and is now raging"; after 3 Wounds "has 3 Life remaining"; the sixth destroys him.
    expect(poc.rage).toBe(1);
    expect(poc.life).toBe(6);
    const v9 = glad('version-9').levels[0]!;
    // Version 9 survives six Wounds and is not Raging at five (the Set Version 9 did not Unset when Drosh attacked).
    expect(v9.life).toBeGreaterThan(6);
    expect(v9.rage).toBeGreaterThan(5);
    // ADMG as the example deals it: Madame Petice 2, David Dangers 2, Freakshow 2, Trace 1, Stallion 1, Little Jinx 1, Bloaters 1, Drosh 1.
    expect([glad('madame-petice'), glad('david-dangers'), glad('trace'), glad('stallion'), glad('little-jinx')].map((g) => g.levels[0]!.admg)).toEqual([2, 2, 1, 1, 1]);
    expect(card('bloaters').minion!.admg).toBe(1);
    expect(card('drosh').minion!.admg).toBe(1);
  });

  it('prices the Example Game\'s cards as its CP figures show (11 → 9 → 6 → 4 → 2 for Abe; 11 → 9 → 8 → 7 → 4 → 1 for Betty)', () => {
    const e = env(new TestWorld({}), 0, 0);
    const cost = (id: string) => card(id).cost.cp(e);
    expect(11 - cost('dripping-leak') - cost('bloaters') - cost('let-freedom-ring') - cost('festering-stink')).toBe(2);
    expect(cost('drosh')).toBe(2); // "I'll play (-) Drosh for 2 CP. Abe has no CP left."
    const ara = card('arachnabots').abilities[0]!;
    expect(11 - cost('phase-blades') - cost('mega-ram-boost') - cost('arachnabots') - cost('distraction') - cost('one-two-punch') - ara.cost.cp(e)).toBe(1);
    // Breather (12 CP): Betty maintains Arachnabots and Mega-Ram Boost -> 10; Abe Dripping Leak, Bloaters, Drosh -> 9.
    expect(12 - card('arachnabots').maintain! - card('mega-ram-boost').maintain!).toBe(10);
    expect(12 - card('dripping-leak').maintain! - card('bloaters').maintain! - card('drosh').maintain!).toBe(9);
    // Flow symbols as played: (+) Dripping Leak, (-) Bloaters, (-) Phase Blades, (-) Let Freedom Ring, (-) Festering Stink, (+) Mega-Ram Boost, (-) Arachnabots, (DR) Distraction, (OR) One-two Punch, (-) Drosh.
    expect(['dripping-leak', 'bloaters', 'phase-blades', 'let-freedom-ring', 'festering-stink', 'mega-ram-boost', 'arachnabots', 'distraction', 'one-two-punch', 'drosh'].map((id) => card(id).flow)).toEqual(['+', '-', '-', '-', '-', '+', '-', 'DR', 'OR', '-']);
    expect(card('dripping-leak').extra).toBe(1); // "an extra Bio-tek Gladiator as the card requires"
    expect(card('bloaters').type).toBe('minion');
  });
});

describe('the rulebook\'s named cards behave as its examples show', () => {
  it('Dripping Leak: after the Pumped Version 9 Sets, Betty picks between 1 damage and scrapping three cards (5.0)', () => {
    const leak = card('dripping-leak').abilities[0]!;
    expect(leak.trigger).toEqual({ timing: 'after', event: 'set', of: 'host' });
    const w = new TestWorld({ 1: { owner: 1, life: 8, wounds: 0, admg: 2, rage: 6, set: true, action: false, keywords: [] }, 9: { owner: 0, life: 0, wounds: 0, admg: 0, rage: -1, set: false, action: false, keywords: [], host: 1 } });
    const asked: number[] = [];
    const e = env(w, 9, 0, [], { subject: 1, source: 1, amount: 0 });
    // Betty (seat 1) is asked and scraps three.
    const steps = leak.steps;
    expect(steps[0]!.kind).toBe('choose');
    if (steps[0]!.kind === 'choose') {
      asked.push(steps[0]!.who(e));
      expect(steps[0]!.labels).toHaveLength(2);
    }
    run(steps, e, [1]);
    expect(asked).toEqual([1]);
    expect(w.log).toEqual(['mill 1 3']);
    run(steps, e, [0]);
    expect(w.log.at(-1)).toBe('dmg 1 to 1 from 9');
  });

  it('Arm Blade gives +2 ADMG to its host (3.6: Lothar 2 + Arm Blade 2 = 4); Spiked Fists +1 and is a weapon (8.0)', () => {
    const e = env(new TestWorld({}), 0, 0);
    const arm = card('arm-blade').abilities[0]!.modifiers[0]!;
    expect([arm.stat, arm.to, arm.by(e)]).toEqual(['admg', 'host', 2]);
    expect(glad('lothar').levels[0]!.admg + arm.by(e)).toBe(4);
    const fists = card('spiked-fists');
    expect(fists.keywords).toContain('Weapon');
    expect(fists.abilities[0]!.modifiers[0]!.by(e)).toBe(1);
  });

  it('Arachnabots: (-) Set and pay 3 CP to deal 1 damage to each of two targets (5.0: Poc Shot and David Dangers)', () => {
    const a = card('arachnabots').abilities[0]!;
    expect(a.flow).toBe('-');
    expect(a.cost.set).toBe(true);
    expect(a.target).toMatchObject({ kind: 'character', side: 'enemy', count: 2, upTo: true });
    const w = new TestWorld({ 3: { owner: 0, life: 6, wounds: 5, admg: 1, rage: 1, set: false, action: true, keywords: [] }, 4: { owner: 0, life: 7, wounds: 0, admg: 2, rage: 4, set: true, action: true, keywords: [] } });
    run(a.steps, env(w, 20, 1, [3, 4]));
    expect([w.cards[3]!.wounds, w.cards[4]!.wounds]).toEqual([6, 1]);
  });

  it('Distraction (DR) lowers the Attack by 1; One-two Punch (OR) adds 1 only on a 5+ (5.0: Betty rolls a 4 and fails)', () => {
    const d = card('distraction');
    expect(d.trigger).toEqual({ timing: 'when', event: 'attacked', of: 'ally' });
    const w = new TestWorld({});
    run(d.onPlay, env(w, 0, 1));
    expect(w.attackDelta).toBe(-1);
    const p = card('one-two-punch');
    expect(p.trigger).toEqual({ timing: 'when', event: 'attacking', of: 'ally' });
    const w2 = new TestWorld({});
    w2.rolls = [4, 5];
    run(p.onPlay, env(w2, 0, 1));
    expect(w2.attackDelta).toBe(0);
    run(p.onPlay, env(w2, 0, 1));
    expect(w2.attackDelta).toBe(1);
  });

  it('first-in first-out modifiers: an OR +1 then a DR -2 (Ward) leave the 8.0 example\'s arithmetic to the engine', () => {
    const w = new TestWorld({});
    run(card('targeting-uplink').onPlay, env(w, 0, 0));
    run(card('ward').onPlay, env(w, 0, 1));
    expect(w.log).toEqual(['attack 1', 'attack -2']);
  });

  it('Hidden Danger (DR, 2 CP) makes the Attacker choose a new target (8.0 Targeting)', () => {
    const h = card('hidden-danger');
    expect([h.flow, h.cost.cp(env(new TestWorld({}), 0, 0))]).toEqual(['DR', 2]);
    const w = new TestWorld({});
    run(h.onPlay, env(w, 0, 1));
    expect(w.log).toEqual(['retarget']);
  });

  it('Grappling Strike: (-) Set: Advance Poc Shot, then 1 damage (5.0)', () => {
    const g = glad('version-9').levels[0]!.abilities[0]!;
    expect([g.name, g.flow, g.cost.set]).toEqual(['Grappling Strike', '-', true]);
    const w = new TestWorld({ 3: { owner: 0, life: 6, wounds: 0, admg: 1, rage: 1, set: false, action: false, keywords: [] } });
    run(g.steps, env(w, 5, 1, [3]));
    expect(w.log).toEqual(['advance 3', 'dmg 1 to 3 from 5']);
    expect(w.cards[3]!.action).toBe(true);
  });

  it('Let Freedom Ring destroys the targeted enemy Pump (5.0: "I play (-) Let Freedom Ring and destroy your Phase Blades")', () => {
    const l = card('let-freedom-ring');
    expect(l.target).toMatchObject({ kind: 'pump', side: 'enemy' });
    const w = new TestWorld({});
    run(l.onPlay, env(w, 0, 0, [12]));
    expect(w.log).toEqual(['destroy 12']);
  });

  it('Channeling is a (-) ability that Sets Madame Petice and uses a Pyre Gladiator\'s ability (8.0)', () => {
    const c = glad('madame-petice').levels[0]!.abilities[0]!;
    expect([c.name, c.flow, c.cost.set]).toEqual(['Channeling', '-', true]);
    expect(c.target).toMatchObject({ kind: 'pyre-gladiator', side: 'ally' });
    const w = new TestWorld({});
    run(c.steps, env(w, 1, 0, [7]));
    expect(w.log).toEqual(['channel 7']);
  });

  it('Maximillion: "(+) Pay 1 CP: Retreat Maximillion" without Setting (3.5)', () => {
    const m = glad('maximillion').levels[0]!.abilities[0]!;
    expect([m.flow, m.cost.cp(env(new TestWorld({}), 0, 0)), m.cost.set]).toEqual(['+', 1, false]);
    const w = new TestWorld({ 2: { owner: 0, life: 5, wounds: 0, admg: 1, rage: 3, set: false, action: true, keywords: [] } });
    run(m.steps, env(w, 2, 0));
    expect(w.cards[2]!).toMatchObject({ action: false, set: false });
  });

  it('an ability whose whole effect is to Retreat itself is not usable in the Support Field (glossary: Retreat moves Action → Support), at any Level', () => {
    for (const level of [0, 1, 2]) {
      const m = glad('maximillion').levels[level]!.abilities[0]!;
      const inAction = new TestWorld({ 2: { owner: 0, life: 5, wounds: 0, admg: 1, rage: 3, set: false, action: true, keywords: [] } });
      const inSupport = new TestWorld({ 2: { owner: 0, life: 5, wounds: 0, admg: 1, rage: 3, set: false, action: false, keywords: [] } });
      expect(m.condition!(env(inAction, 2, 0))).toBe(true);
      // Level 3's Retreat is free: offered in Support it was a (+) that changed nothing, repeatable forever.
      expect(m.condition!(env(inSupport, 2, 0))).toBe(false);
    }
  });

  it('(?) cards resolve the Flow in their text: Crowd Pleaser keeps it only for the crowd favourite; Contagion by its roll (2.5)', () => {
    const c = card('crowd-pleaser');
    const w = new TestWorld({});
    run(c.onPlay, env(w, 0, 0));
    expect(c.keepFlowIf!(env(w, 0, 0))).toBe(true); // 1 Cheer against 0
    w.cheerOf = [1, 1];
    expect(c.keepFlowIf!(env(w, 0, 0))).toBe(false); // tied: nobody is favourite
    const g = card('contagion');
    const w2 = new TestWorld({ 5: { owner: 1, life: 5, wounds: 0, admg: 1, rage: 3, set: false, action: false, keywords: [] } });
    w2.rolls = [3, 4];
    run(g.onPlay, env(w2, 0, 0, [5]));
    expect([w2.kept, w2.cards[5]!.wounds]).toEqual([false, 0]);
    run(g.onPlay, env(w2, 0, 0, [5]));
    expect([w2.kept, w2.cards[5]!.wounds]).toEqual([true, 2]);
  });

  it('a keyword condition reads a target\'s species (Repair Kit targets Constructs); crowd-favourite conditions read Cheer', () => {
    expect(card('repair-kit').target!.keyword).toBe('construct');
    const lothar = glad('lothar').levels[0]!.abilities[0]!;
    const w = new TestWorld({});
    expect(lothar.condition!(env(w, 0, 0))).toBe(false);
    w.cheerOf = [2, 1];
    expect(lothar.condition!(env(w, 0, 0))).toBe(true);
  });

  it('X costs take the X the player chose (8.0 The X)', () => {
    const s = card('scavengers');
    const w = new TestWorld({});
    const e = env(w, 0, 0, [], null, 3);
    expect(s.cost.cp(e)).toBe(3);
    run(s.onPlay, e);
    expect(w.log).toEqual(['draw 0 3']);
  });
});

describe('card files: a mistake is one line naming the card, the field and the problem', () => {
  const base = (extra: string) => `strategies:\n  - {id: x, name: X, type: pump, flow: '+', discipline: war, level: 1, cost: 1, maintain: 1, target: {side: ally}${extra}}\n`;
  const cases: [string, string, RegExp][] = [
    ['a misspelt type', `strategies:\n  - {id: x, name: X, type: pmup, flow: '+', discipline: war, level: 1, cost: 1, maintain: 1}\n`, /card "x": field type: unknown value `pmup`; did you mean `pump`\?/],
    ['a misspelt action', base(`, abilities: [{name: A, flow: '+', do: [{damge: 1}]}]`), /card "x": field abilities\.0\.do\.0: unknown action `damge`; did you mean `damage`\?/],
    ['a misspelt field', base(', maintian: 1'), /card "x": unknown field `maintian`; did you mean `maintain`\?/],
    ['a Pump without target', `strategies:\n  - {id: x, name: X, type: pump, flow: '+', discipline: war, level: 1, cost: 1, maintain: 1}\n`, /card "x": field target: a Pump is placed under a target/],
    ['a (?) card that never resolves the Flow', `strategies:\n  - {id: x, name: X, type: quick-hit, flow: '?', discipline: war, level: 1, cost: 1, maintain: skull, on-play: [{draw: 1}]}\n`, /card "x": field flow: a \(\?\) card must resolve the Flow/],
    ['a Response without its event', `strategies:\n  - {id: x, name: X, type: quick-hit, flow: DR, discipline: war, level: 1, cost: 1, maintain: skull, on-play: [{draw: 1}]}\n`, /card "x": field flow: a \(DR\) Response is played when its requirement is met/],
    ['a Minion without Life', `strategies:\n  - {id: x, name: X, type: minion, flow: '-', discipline: war, level: 1, cost: 1, maintain: 1}\n`, /card "x": field minion: a Minion is a Character/],
    ['an unknown keyword in a condition', base(`, abilities: [{name: A, flow: '+', if: [{value: {stat: 'kw:Wepon', of: host}, op: eq, than: 1}], do: [{draw: 1}]}]`), /unknown value `kw:Wepon`/],
    ['an unknown selector', base(`, abilities: [{name: A, flow: '+', do: [{heal: 1, to: hots}]}]`), /card "x": field abilities\.0\.do\.0: field to: unknown value `hots`; did you mean `host`\?/],
    ['Universal with an extra Gladiator', `strategies:\n  - {id: x, name: X, type: quick-hit, flow: '+', discipline: universal, extra: 1, level: 1, cost: 1, maintain: skull}\n`, /card "x": field extra: Universal cards need no Gladiator/],
    ['a Gladiator whose Levels skip', `gladiators:\n  - {id: g, name: G, species: human, levels: [{level: 1, disciplines: [war], vp: 2, life: 5, rage: 3, admg: 1}, {level: 3, disciplines: [war], vp: 3, life: 6, rage: 3, admg: 1}]}\n`, /gladiator "g": field levels\.1\.level: is 3; allowed: 2/],
    ['a Reinforcement at Level 1', `gladiators:\n  - {id: g, name: G, species: human, reinforcement: true, maintain: 1, levels: [{level: 1, disciplines: [war], vp: 1, life: 3, rage: 2, admg: 1}]}\n`, /gladiator "g": field levels: a Reinforcement is one Level-0 card/],
    ['Rage above Life', `gladiators:\n  - {id: g, name: G, species: human, levels: [{level: 1, disciplines: [war], vp: 2, life: 5, rage: 6, admg: 1}]}\n`, /field levels\.0\.rage: is 6; allowed: at most the Life 5/],
    ['a misspelt species', `gladiators:\n  - {id: g, name: G, species: humna, levels: [{level: 1, disciplines: [war], vp: 2, life: 5, rage: 3, admg: 1}]}\n`, /gladiator "g": field species: unknown value `humna`; did you mean `human`\?/],
    ['two cards with one id', `strategies:\n  - {id: x, name: X, type: quick-hit, flow: '+', discipline: war, level: 1, cost: 1, maintain: skull}\n  - {id: x, name: Y, type: quick-hit, flow: '+', discipline: war, level: 1, cost: 1, maintain: skull}\n`, /card "x": field id is "x"; allowed: an id not used by another card/],
    ['an ability with both triggers', base(`, abilities: [{name: A, after: set, when: set, do: [{draw: 1}]}]`), /field abilities\.0\.when: an ability has one trigger/],
  ];
  for (const [what, text, re] of cases)
    it(`refuses ${what}`, () => {
      let msg = '';
      try {
        parseCardFile(text, 'card file t.yaml');
      } catch (e) {
        msg = (e as Error).message;
        expect((e as Error).name).toBe('UserError');
      }
      expect(msg).toMatch(/^card file t\.yaml: /);
      expect(msg).toMatch(re);
      expect(msg).not.toContain('\n');
    });

  it('accepts a user card made only of existing words (no code)', () => {
    const set = parseCardFile(base(`, abilities: [{name: Zap, flow: '-', cost: {cp: 1, set: true}, target: {kind: character, side: enemy}, do: [{damage: {sum: [1, X]}, to: target, kind: xdmg}]}]`));
    const w = new TestWorld({ 4: { owner: 1, life: 5, wounds: 0, admg: 1, rage: 3, set: false, action: false, keywords: [] } });
    run(set.strategies.get('x')!.abilities[0]!.steps, env(w, 0, 0, [4], null, 2));
    expect(w.log).toEqual(['xdmg 3 to 4 from 0']);
  });
});
