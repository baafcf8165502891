/**
 * Parsing of command-line values into typed values, with one-line UserErrors that name
 * the argument, the value given and what is allowed.
 */
import fs from 'node:fs';
import YAML from 'yaml';
import { UserError, parseErrorText, showDocument, showValue } from '../core/errors.js';
import { readContentFile } from '../sim/run-key.js';
import { fsCause, makeFolder } from '../sim/store.js';

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
    throw new UserError(`${name} ${where} is ${where === '' ? showValue(value) : showDocument(value)}; allowed: an object of option fields, e.g. '{"field": value}'`);
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
      throw new UserError(`${name} is ${showValue(raw)}: not valid JSON (${parseErrorText(err)}); allowed: a JSON object or a .json/.yaml file`);
    }
  }
  const content = readContentFile(name, text);
  try {
    const parsed: unknown = /\.ya?ml$/i.test(text) ? YAML.parse(content) : JSON.parse(content);
    return asObject(name, `file ${showValue(text)}`, parsed ?? {});
  } catch (err) {
    if (err instanceof UserError) throw err;
    const kind = /\.ya?ml$/i.test(text) ? 'YAML' : 'JSON';
    throw new UserError(`${name} file ${showValue(text)} is not valid ${kind} (${parseErrorText(err)}); allowed: a JSON object or a .json/.yaml file`);
  }
}

/**
 * An output folder (`--out`, `--runs`, `--report`), created and checked writable before
 * any game: a path under /proc once hung a recursive mkdir, and a path under a regular
 * file once failed only after every game was played.
 */
export function outFolder(flag: string, dir: string): string {
  makeFolder(dir, flag);
  try {
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (err) {
    throw new UserError(`${flag} is ${showValue(dir)}: cannot write there (${fsCause(err)}); allowed: a writable folder`);
  }
  return dir;
}
