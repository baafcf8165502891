/**
 * Parsing of command-line values into typed values, with one-line UserErrors that name
 * the argument, the value given and what is allowed.
 */
import fs from 'node:fs';
import YAML from 'yaml';
import { UserError, showValue } from '../core/errors.js';
import { checkContentFile } from '../sim/run-key.js';

export function positiveInt(name: string, raw: string): number {
  const value = Number(raw);
  if (!/^\s*\d+\s*$/.test(raw) || !Number.isSafeInteger(value) || value < 1) {
    throw new UserError(`${name} is ${showValue(raw)}; allowed: a positive integer`);
  }
  return value;
}

export function nonNegativeInt(name: string, raw: string): number {
  const value = Number(raw);
  if (!/^\s*\d+\s*$/.test(raw) || !Number.isSafeInteger(value)) {
    throw new UserError(`${name} is ${showValue(raw)}; allowed: an integer >= 0`);
  }
  return value;
}

/** A master seed: an integer stays a number (so `--seed 7` and seed 7 in code agree), anything else a string. */
export function seed(raw: string): string | number {
  if (raw === '') throw new UserError(`--seed is ""; allowed: a number or a non-empty string`);
  return /^-?\d+$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : raw;
}

function asObject(name: string, where: string, value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new UserError(`${name} ${where} is ${showValue(value)}; allowed: an object of option fields, e.g. '{"field": value}'`);
  }
  return value as Record<string, unknown>;
}

/**
 * Game options from `--options`: inline JSON (`'{"arena": 7}'`) or a .json/.yaml/.yml
 * file. The game's schema checks the fields later.
 */
export function optionsArg(name: string, raw: string): Record<string, unknown> {
  const text = raw.trim();
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      return asObject(name, '', JSON.parse(text));
    } catch (err) {
      if (err instanceof UserError) throw err;
      throw new UserError(`${name} is ${showValue(raw)}: not valid JSON (${(err as Error).message}); allowed: a JSON object or a .json/.yaml file`);
    }
  }
  checkContentFile(name, text);
  let content: string;
  try {
    content = fs.readFileSync(text, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new UserError(`${name} is ${showValue(raw)}: cannot read the file (${code}); allowed: a JSON object or a readable .json/.yaml file`);
  }
  try {
    const parsed: unknown = /\.ya?ml$/i.test(text) ? YAML.parse(content) : JSON.parse(content);
    return asObject(name, `file ${JSON.stringify(text)}`, parsed ?? {});
  } catch (err) {
    if (err instanceof UserError) throw err;
    const kind = /\.ya?ml$/i.test(text) ? 'YAML' : 'JSON';
    throw new UserError(`${name} file ${JSON.stringify(text)} is not valid ${kind} (${(err as Error).message.split('\n')[0]}); allowed: a JSON object or a .json/.yaml file`);
  }
}
