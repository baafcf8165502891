/**
 * The tfjs backend loader moved to core (src/core/tf.ts) so that the learned agents and
 * the trainer, which sit below analysis, can start tfjs too. Re-exported here for the
 * analysis modules and studies that import it from this path.
 */
export { describeBackend, initTf, tfNow, NATIVE_INSTALL, type Tf, type TfBackend, type TfRuntime } from '../core/tf.js';
