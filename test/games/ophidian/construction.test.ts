import { describe, expect, it } from 'vitest';
import { parseCardFile, mergeCardSets } from '../../../src/games/ophidian/cards/format.js';
import { checkDeck, defaultArsenal, legalTeams, parseDeckFile, RULEBOOK_CONSTRUCTION, type DeckSpec } from '../../../src/games/ophidian/construction.js';
import { SAMPLE_CARDS, SAMPLE_DECKS, sampleDeck } from '../../../src/games/ophidian/sample.js';

const abe = sampleDeck('abe');
const abeSpec = (patch: Partial<DeckSpec> = {}): DeckSpec => {
  const arsenal: Record<string, number> = {};
  for (const c of abe.arsenal) arsenal[c.id] = (arsenal[c.id] ?? 0) + 1;
  return { id: 'abe', name: 'Abe', team: abe.team.map((g) => g.id), reinforcement: 'rookie-brawler', arsenal, ...patch };
};
const refuse = (spec: DeckSpec, re: RegExp, cards = SAMPLE_CARDS) => {
  let msg = '';
  try {
    checkDeck(spec, cards);
  } catch (e) {
    expect((e as Error).name).toBe('UserError');
    msg = (e as Error).message;
  }
  expect(msg).toMatch(re);
  expect(msg).not.toContain('\n');
};

describe('ready decks', () => {
  it('every shipped deck is legal: team of up to 4 Level-1 Gladiators with exactly 10 VP, 50 cards, at most 3 copies', () => {
    expect(SAMPLE_DECKS.length).toBeGreaterThanOrEqual(5);
    for (const d of SAMPLE_DECKS) {
      expect(d.team.length).toBeLessThanOrEqual(4);
      expect(d.team.reduce((t, g) => t + g.levels[0]!.vp, 0)).toBe(10);
      expect(d.arsenal.length).toBe(50);
      const copies = new Map<string, number>();
      for (const c of d.arsenal) copies.set(c.id, (copies.get(c.id) ?? 0) + 1);
      expect(Math.max(...copies.values())).toBeLessThanOrEqual(3);
    }
  });

  it('Abe and Betty hold the cards the Example Game plays (5.0)', () => {
    const ids = (id: string) => new Set(sampleDeck(id).arsenal.map((c) => c.id));
    for (const c of ['dripping-leak', 'festering-stink', 'let-freedom-ring', 'bloaters', 'drosh']) expect(ids('abe')).toContain(c);
    for (const c of ['phase-blades', 'mega-ram-boost', 'arachnabots', 'distraction', 'one-two-punch']) expect(ids('betty')).toContain(c);
    expect(sampleDeck('abe').team.map((g) => g.name)).toEqual(['David Dangers', 'Madame Petice', 'Little Jinx', 'Poc Shot']);
    expect(sampleDeck('betty').team.map((g) => g.name)).toEqual(['David Dangers', 'Version 9', 'Trace', 'Stallion']);
  });
});

describe('a deck that breaks a construction rule is refused in one line', () => {
  it('team VP other than 10 (3.1, errata: exactly 10)', () => refuse(abeSpec({ team: ['david-dangers', 'madame-petice', 'little-jinx'] }), /^deck "abe": team VP is 8; allowed: exactly 10/));
  it('more than four Gladiators (3.1)', () => refuse(abeSpec({ team: ['trace', 'stallion', 'cray-phillips', 'mannequin', 'leetah'] }), /team size is 5; allowed: 1 to 4 Gladiators/));
  it('the same Gladiator twice (3.1)', () => refuse(abeSpec({ team: ['lothar', 'lothar', 'trace', 'stallion'] }), /team Gladiator is "lothar"; allowed: one copy of each Gladiator/));
  it('a Reinforcement in the starting team (3.12)', () => refuse(abeSpec({ team: ['rookie-brawler', 'ironsides', 'ironsides'] }), /team Gladiator is "rookie-brawler"; allowed: a Level-1 Gladiator; Reinforcements wait/));
  it('an unknown Gladiator, with the allowed list', () => refuse(abeSpec({ team: ['lotar'] }), /team Gladiator is "lotar"; allowed: a Gladiator of the card set: .*lothar/));
  it('a Reinforcement that is not one', () => refuse(abeSpec({ reinforcement: 'lothar' }), /reinforcement is "lothar"; allowed: a Reinforcement of the card set \(3\.12\): rookie-brawler/));
  it('four copies of a card (2.3)', () => refuse(abeSpec({ arsenal: { ...abeSpec().arsenal, 'dripping-leak': 4 } }), /copies of dripping-leak is 4; allowed: at most 3/));
  it('fewer than 50 cards (2.3)', () => refuse(abeSpec({ arsenal: { ...abeSpec().arsenal, 'dripping-leak': 2 } }), /Arsenal size is 49; allowed: at least 50/));
  it('an unknown card', () => refuse(abeSpec({ arsenal: { ...abeSpec().arsenal, 'driping-leak': 1 } }), /Arsenal card is "driping-leak"/));
  it('a card of a discipline the team lacks (6.0)', () =>
    refuse({ id: 'w', name: 'w', team: ['hammerhands', 'ironsides', 'simon-bantus'], reinforcement: null, arsenal: { ...sampleArsenal('war-machine'), 'mind-spike': 1 } }, /discipline of mind-spike is "psi"; allowed: a discipline of the team \(war, bio-tek, cybernetics\) or Universal/));
  it('a card above every Level the team can reach (3.3)', () => {
    const cards = mergeCardSets(SAMPLE_CARDS, parseCardFile(`strategies:\n  - {id: doom, name: Doom, type: quick-hit, flow: '-', discipline: war, level: 4, cost: 5, maintain: skull}\n`));
    refuse({ ...abeSpec(), arsenal: { ...abeSpec().arsenal, doom: 1 } }, /level of doom is 4; allowed: at most 3, the highest war Level the team can reach/, cards);
  });
  it('the off-discipline rule can be switched off as a house rule', () => {
    const spec: DeckSpec = { id: 'w', name: 'w', team: ['hammerhands', 'ironsides', 'simon-bantus'], reinforcement: null, arsenal: { ...sampleArsenal('war-machine'), 'mind-spike': 1 } };
    expect(checkDeck(spec, SAMPLE_CARDS, { ...RULEBOOK_CONSTRUCTION, offDiscipline: true }).arsenal).toHaveLength(51);
  });
  it('deck files name the file and the deck', () => {
    expect(() => parseDeckFile(`decks:\n  - {id: d, team: [lothar], arsenal: {}}\n`, SAMPLE_CARDS, 'deck file d.yaml')).toThrow(/^deck file d\.yaml: deck "d": team VP is 3; allowed: exactly 10/);
    expect(() => parseDeckFile(`decks:\n  - {id: d, team: [lothar], arsenal: {}, reinforcment: lost-soul}\n`, SAMPLE_CARDS, 'deck file d.yaml')).toThrow(/^deck file d\.yaml: deck #1: unknown field `reinforcment`; did you mean `reinforcement`\?/);
  });
});

describe('the Dripping Leak extra requirement with a legal-VP team', () => {
  it('one Bio-tek Gladiator is not enough', () => {
    // ironsides 4 + hammerhands 4 (war, bio-tek) + simon-bantus 2 = 10: one Bio-tek Gladiator.
    refuse({ id: 'w', name: 'w', team: ['ironsides', 'hammerhands', 'simon-bantus'], reinforcement: null, arsenal: { 'dripping-leak': 1 } }, /Gladiators with bio-tek for dripping-leak is 1; allowed: at least 2 \(the card needs 1 extra, 3\.3\)/);
  });
});

describe('team enumeration and default Arsenals', () => {
  it('lists legal 10-VP teams of up to four Level-1 Gladiators, each with a legal default Arsenal', () => {
    const teams = legalTeams(SAMPLE_CARDS);
    expect(teams.length).toBeGreaterThan(100);
    expect(teams).toContainEqual(['david-dangers', 'little-jinx', 'madame-petice', 'poc-shot']);
    for (const team of teams.filter((_, i) => i % 37 === 0)) {
      const gl = team.map((id) => SAMPLE_CARDS.gladiators.get(id)!);
      const arsenal = defaultArsenal(gl, SAMPLE_CARDS);
      expect(checkDeck({ id: 't', name: 't', team, reinforcement: null, arsenal }, SAMPLE_CARDS).arsenal).toHaveLength(50);
    }
  });
});

function sampleArsenal(id: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of sampleDeck(id).arsenal) out[c.id] = (out[c.id] ?? 0) + 1;
  return out;
}
