/**
 * Which imports cross a game's boundary (issue #32, "generic layers hold no game code"): the
 * import scan behind test/core/game-boundaries.test.ts, kept apart so it can be pointed at
 * any checkout (`npx tsx -e "…gameBoundaryViolations('/path')…"`) to show it fails on old code.
 *
 * A file belongs to game G when it lies in src/games/G/, agents/G/, agents/heuristics/G.ts
 * (a game's own agent), experiments/G/ or experiments/G-*.ts (a game's studies). Every other
 * file under src/, agents/ and experiments/ is generic. Only the game's code (the first three)
 * reaches inside src/games/G/; its studies, like everyone else, use the game's index.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Game ids: the folders of src/games. */
export function gameIds(root: string): string[] {
  return readdirSync(join(root, 'src/games'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** The game a project file (root-relative, `/`-separated) belongs to, or null for a generic file. */
export function ownerOf(file: string, games: readonly string[]): string | null {
  for (const g of games) {
    if (file.startsWith(`src/games/${g}/`) || file.startsWith(`agents/${g}/`) || file === `agents/heuristics/${g}.ts`) return g;
    if (file.startsWith(`experiments/${g}/`) || (file.startsWith(`experiments/${g}-`) && !file.slice('experiments/'.length).includes('/'))) return g;
  }
  return null;
}

/** True for game G's code (src/games/G/, agents/G/, agents/heuristics/G.ts), which may use G's internals. */
function isGameCode(file: string, game: string): boolean {
  return file.startsWith(`src/games/${game}/`) || file.startsWith(`agents/${game}/`) || file === `agents/heuristics/${game}.ts`;
}

/** Generic modules that must never reach a game's studies: the agents, the runner, the analysis, the CLI (and core). */
function isGenericLayer(file: string): boolean {
  return /^(agents|src\/sim|src\/analysis|src\/cli|src\/core)\//.test(file);
}

const IMPORT = /(?:^|\n)[ \t]*(?:import|export)\s+(?:type\s+)?[^;'"`]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|mts|mjs|js)$/.test(e.name)) out.push(p);
    }
  };
  for (const top of ['src', 'agents', 'experiments']) walk(join(root, top));
  return out;
}

/**
 * Every import that crosses a game's boundary, as "from -> to (why)":
 * - a file that is not game G's code (its studies included) imports a file of src/games/G/
 *   other than its index.ts (the game's public surface);
 * - a generic module (agents outside a game's own files, src/sim, src/analysis, src/cli, src/core)
 *   imports a game's studies (experiments/G-*.ts or experiments/G/).
 */
export function gameBoundaryViolations(projectRoot: string): string[] {
  const root = resolve(projectRoot);
  const games = gameIds(root);
  const rel = (p: string): string => relative(root, p).split(sep).join('/');
  const out: string[] = [];
  for (const abs of sourceFiles(root)) {
    const from = rel(abs);
    const owner = ownerOf(from, games);
    for (const m of readFileSync(abs, 'utf8').matchAll(IMPORT)) {
      const spec = m[1] ?? m[2]!;
      if (!spec.startsWith('.')) continue;
      const to = rel(resolve(dirname(abs), spec)).replace(/\.js$/, '.ts');
      const target = ownerOf(to, games);
      if (target === null) continue;
      if (to.startsWith(`src/games/${target}/`) && to !== `src/games/${target}/index.ts` && !isGameCode(from, target)) out.push(`${from} -> ${to} (inside game ${target}; import its index.ts)`);
      else if (to.startsWith('experiments/') && target !== owner && owner === null && isGenericLayer(from)) out.push(`${from} -> ${to} (a generic module imports ${target}'s studies)`);
    }
  }
  return [...new Set(out)].sort();
}
