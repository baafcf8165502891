/**
 * The effect kernel: content as data for any game (see README "Adding a power or card").
 * Numbers, conditions, selectors and an action table compile a file's items to closures
 * over the game's own evaluation context; errors name file, item, field and the fix.
 */
export type { NumFn, CondFn, SelectFn, Vocabulary, Scope } from './scope.js';
export { parseNum, compileNum, namesIn, MAX_LITERAL, type Num } from './numbers.js';
export { parseCondition, compileCondition, compileConditions, OPS, type Condition, type Op } from './conditions.js';
export { ActionTable, type ActionEntry, type CompileTools, type ParsedAction } from './actions.js';
export { parseFields, issueMessage, fieldsAt, numField } from './content.js';
export { closest, editDistance, unknownWord } from './words.js';
