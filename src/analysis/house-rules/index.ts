export { compareRules, compareReport, type CompareConfig, type CompareResult } from './compare.js';
export { tuneRules, tuneReport, searchGrid, parseRange, measureTarget, responsePoints, TUNE_TARGETS, type TuneConfig, type TuneResult, type TuneParam, type Evaluation } from './tune.js';
export { setPath, getPath, fullOptions } from './paths.js';
export { pairedChanges, measures } from './metrics.js';
