/**
 * Rumble menu sizes per state over seeded random games (the README's "Action
 * abstraction" table): for each phase, the mean, 95th percentile and largest menu a
 * mover is offered, and how often each kind of move the issue #11 decisions added
 * appears (Reveal picks, even block splits, powers used twice, Zypher's victim).
 *
 *   node --import tsx bench/rumble/menu-sizes.ts [--games 300]
 */
import { Rng } from '../../src/core/rng.js';
import { rumble, rumbleOptions, SEED_POWERS, type RumbleAction, type RumbleState } from '../../src/games/rumble/index.js';

const at = process.argv.indexOf('--games');
const GAMES = at >= 0 ? Number(process.argv[at + 1]) : 300;

function fullLibrary(players: number): Record<string, unknown> {
  const heroes = Array.from({ length: players }, () => ({ energy: 100, powers: [] as { id: string; strength: number }[] }));
  SEED_POWERS.forEach((p, i) => {
    if (!p.onWin) heroes[i % players]!.powers.push({ id: p.id, strength: 10 });
  });
  return { players, fixed: heroes };
}

const CONFIGS = [
  { name: '4 heroes, auction (2 powers per hero drawn)', options: { players: 4 }, games: GAMES },
  { name: '4 heroes, all seed powers dealt', options: fullLibrary(4), games: Math.ceil(GAMES / 3) },
];

function kinds(a: RumbleAction): string[] {
  const out: string[] = [];
  if (a.t === 'alloc' && a.heroes.some((h) => h.uses?.some((u) => (u.times ?? 1) > 1))) out.push('twice');
  if (a.t === 'reveal')
    for (const h of a.heroes) {
      if (h.picks?.length) out.push('pick');
      if (h.blockAmounts) out.push('even split');
      if (h.blockOrder) out.push('block order');
      if (h.uses?.some((u) => u.victim !== undefined)) out.push('zypher choice');
    }
  if (a.t === 'award') {
    if (a.curses?.some((r) => r >= 0)) out.push('curse recipient');
    if (a.expert) out.push('expert training');
    if (a.discard?.length) out.push('award discard');
  }
  return out;
}

const pct = (xs: number[], q: number) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

for (const cfg of CONFIGS) {
  const opts = rumbleOptions(cfg.options);
  const sizes: Record<string, number[]> = { auction: [], award: [], alloc: [], reveal: [] };
  const count: Record<string, number> = {};
  let moves = 0;
  for (let g = 0; g < cfg.games; g++) {
    const rng = new Rng(1000 + g);
    let s: RumbleState = rumble.setup(opts, 1000 + g);
    while (!rumble.isTerminal(s)) {
      const menus = rumble.toMove(s).map((p) => rumble.legalActions(s, p));
      for (const m of menus) {
        sizes[s.phase]!.push(m.length);
        moves += m.length;
        for (const a of m) for (const k of kinds(a)) count[k] = (count[k] ?? 0) + 1;
      }
      s = rumble.apply(s, menus.map((m) => m[rng.int(m.length)]!));
    }
  }
  console.log(`${cfg.name}, ${cfg.games} games`);
  for (const [phase, xs] of Object.entries(sizes)) {
    if (!xs.length) continue;
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(`  ${phase.padEnd(8)} menus ${String(xs.length).padStart(6)}  mean ${mean.toFixed(1).padStart(5)}  p95 ${String(pct(xs, 0.95)).padStart(3)}  max ${Math.max(...xs)}`);
  }
  console.log(`  moves of the new kinds (of ${moves}): ${Object.entries(count).map(([k, v]) => `${k} ${v}`).join(', ')}`);
}
