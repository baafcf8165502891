/**
 * The statistics library in one import. Each method lives in its own module; see
 * src/analysis/README.md for what each computes, its inputs and outputs, and references.
 */
export * from '../../core/wilson.js';
export * from './descriptive.js';
export * from './paired.js';
export * from './sprt.js';
export * from './ratings.js';
export * from './nash.js';
export * from './alpharank.js';
export * from './restricted.js';
export * from './costcurve.js';
export * from './quality.js';
export * from './verdict.js';
export * from './confidence-sequence.js';
