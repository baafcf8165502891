import { getGame } from '../../src/games/index.js';
import { measureRandomPlay } from '../harness.js';
const game = getGame('dark-hero');
const d = measureRandomPlay(game, { players: 4, map: { layout: 'draw' } }, { seconds: 4 });
const n = measureRandomPlay(game, { players: 4 }, { seconds: 2 });
console.log('draw', d.gamesPerSec.toFixed(0), 'len', d.meanLength.toFixed(1), 'normal', n.gamesPerSec.toFixed(0), 'len', n.meanLength.toFixed(1));
