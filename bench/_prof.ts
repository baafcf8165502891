import { measureResolution } from './rumble.bench.js';
for (let i=0;i<3;i++) console.log(measureResolution(2, 1+i));
