/**
 * The effect kernel on a toy game (two numbered fighters with hit points): numbers
 * (sums, products, min/max, other entities' stats), conditions (all/any), an action
 * table (schema, stages, numbers, compiled function) and the one-line errors that name
 * the item, the field and the closest allowed word.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UserError } from '../../../src/core/errors.js';
import {
  ActionTable,
  closest,
  compileConditions,
  compileNum,
  numField,
  parseCondition,
  parseFields,
  parseNum,
  type Scope,
  type Vocabulary,
} from '../../../src/core/effects/index.js';

interface Env {
  hp: number[];
  self: number;
  log: string[];
}

const vocabulary: Vocabulary<Env> = {
  values: { hp: (env, who) => env.hp[who]!, fighters: (env) => env.hp.length },
  self: (env) => env.self,
  selectors: { self: (env) => [env.self], other: (env) => [1 - env.self], all: (env) => env.hp.map((_, i) => i) },
};

const scope = (params: Record<string, number> = {}): Scope<Env> => ({
  vocabulary,
  params: Object.keys(params),
  param: (name) => () => params[name]!,
  where: 'cards.yaml: card "jab"',
});

const env = (hp: number[], self = 0): Env => ({ hp, self, log: [] });

type Act = (env: Env) => void;
const table = new ActionTable<Env, Act>([
  {
    name: 'heal',
    doc: 'the selected fighters gain hit points',
    schema: z.object({ heal: numField(), to: z.enum(['self', 'other', 'all']).default('self') }).strict(),
    nums: ['heal'],
    stages: () => [1],
    compile: (a: { to: string }, t) => {
      const n = t.num('heal');
      const to = t.select(a.to);
      return (e) => {
        for (const w of to(e)) e.hp[w]! += n(e);
      };
    },
  },
  {
    name: 'shout',
    doc: 'writes a word to the log',
    schema: z.object({ shout: z.string() }).strict(),
    nums: [],
    stages: () => [0],
    compile: (a: { shout: string }) => (e) => void e.log.push(a.shout),
  },
]);

describe('effect kernel', () => {
  it('numbers: literals, params, values, sums, products, min/max and another entity\'s stat', () => {
    const sc = scope({ bonus: 5 });
    const n = (x: unknown) => compileNum(parseNum(x, 'n', sc), sc)(env([30, 12]));
    expect(n(7)).toBe(7);
    expect(n('bonus')).toBe(5);
    expect(n('hp')).toBe(30); // the holder's own
    expect(n({ stat: 'hp', of: 'other' })).toBe(12);
    expect(n({ stat: 'hp', of: 'all' })).toBe(42);
    expect(n({ sum: ['bonus', { mul: [2, 'hp'] }] })).toBe(65);
    expect(n({ min: ['hp', { stat: 'hp', of: 'other' }, 20] })).toBe(12);
    expect(n({ max: [1, 'bonus'] })).toBe(5);
  });

  it('conditions: comparisons, a list is all of them, any is an or', () => {
    const sc = scope();
    const cond = (list: unknown[]) => compileConditions(list.map((c, i) => parseCondition(c, `if.${i}`, sc)), sc)!;
    const low = { value: 'hp', op: 'lt', than: 20 };
    const otherLow = { value: { stat: 'hp', of: 'other' }, op: 'lt', than: 20 };
    expect(cond([low])(env([30, 12]))).toBe(false);
    expect(cond([{ any: [low, otherLow] }])(env([30, 12]))).toBe(true);
    expect(cond([low, otherLow])(env([10, 12]))).toBe(true);
    expect(cond([low, otherLow])(env([10, 40]))).toBe(false);
    expect(compileConditions([], sc)).toBeNull();
  });

  it('the action table parses by key, checks numbers, reports stages and compiles', () => {
    const sc = scope({ bonus: 3 });
    const p = table.parse({ heal: { sum: ['bonus', 1] }, to: 'other' }, 'do.0', sc);
    expect(table.stages(p)).toEqual([1]);
    const e = env([10, 10]);
    table.compile(p, sc)(e);
    expect(e.hp).toEqual([10, 14]);
    table.compile(table.parse({ shout: 'pow' }, 'do.1', sc), sc)(e);
    expect(e.log).toEqual(['pow']);
  });

  it('errors name the item, the field and the closest allowed word, in one line', () => {
    const sc = scope({ bonus: 3 });
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(UserError);
        return (e as Error).message;
      }
      throw new Error('no error');
    };
    expect(err(() => table.parse({ heall: 5 }, 'do.0', sc))).toBe('cards.yaml: card "jab": field do.0: unknown action `heall`; did you mean `heal`?');
    expect(err(() => table.parse({ heal: 5, too: 'other' }, 'do.0', sc))).toBe('cards.yaml: card "jab": field do.0: unknown field `too`; did you mean `to`?');
    expect(err(() => table.parse({ heal: 5, to: 'othr' }, 'do.0', sc))).toBe('cards.yaml: card "jab": field do.0: field to: unknown value `othr`; did you mean `other`?');
    expect(err(() => table.parse({ heal: 'bonsu' }, 'do.0', sc))).toBe('cards.yaml: card "jab": field do.0.heal: unknown value `bonsu`; did you mean `bonus`?');
    expect(err(() => table.parse({ heal: { summ: [1] } }, 'do.0', sc))).toMatch(/field do\.0\.heal: unknown number form `summ`; did you mean `sum`\?/);
    expect(err(() => table.parse({ heal: { stat: 'hp', of: 'others' } }, 'do.0', sc))).toMatch(/field do\.0\.heal\.of: unknown selector `others`; did you mean `other`\?/);
    expect(err(() => table.parse({ heal: 1e308 }, 'do.0', sc))).toMatch(/1e\+308 is out of range/);
    expect(err(() => parseCondition({ value: 1, op: 'gte', than: 2, thn: 3 }, 'if.0', sc))).toMatch(/unknown field `thn`; did you mean `than`\?/);
    const item = z.object({ name: z.string(), defense: z.number().optional() }).strict();
    expect(err(() => parseFields('cards.yaml: card "jab"', item, { name: 'Jab', defence: 2 }))).toBe('cards.yaml: card "jab": unknown field `defence`; did you mean `defense`?');
  });

  it('closest suggests only likely typos', () => {
    expect(closest('defence', ['attack', 'defense'])).toBe('defense');
    expect(closest('bonsu', ['bonus'])).toBe('bonus'); // a swap of neighbours is one edit
    expect(closest('zebra', ['attack', 'defense'])).toBeUndefined();
  });
});
