// Entry of a runner pool thread. Worker threads do not inherit the parent's TypeScript
// loader, so register tsx here, then load the TypeScript worker module.
import { register } from 'tsx/esm/api';
import workerpool from 'workerpool';

register();
const { playChunk } = await import('./worker.ts');
// Self-play for `crucible train` (loaded on first use: plain runs never import it).
let selfPlay;

workerpool.worker({
  // Nothing: answered once this thread has loaded the engines (holdPool starts threads early).
  ready() {
    return true;
  },
  // backend: the tfjs backend the run is keyed on (undefined unless an agent uses tfjs).
  playChunk(config, indices, backend) {
    return playChunk(config, indices, (records) => workerpool.workerEmit(records), backend ?? undefined);
  },
  async selfPlayChunk(config, indices) {
    selfPlay ??= await import('./train/selfplay.ts');
    return selfPlay.selfPlayChunk(config, indices);
  },
});
