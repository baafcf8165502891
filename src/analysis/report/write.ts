/**
 * Writes a Report as a folder (index.html that works offline, each chart as .vl.json,
 * .svg and .png, each table as .csv and .json, meta.json) and the reports index.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Report, ReportTable, YourContent } from '../report-model.js';
import { getGame } from '../../games/index.js';
import { reportHtml, indexHtml, type IndexEntry } from './html.js';
import { renderSvg, svgToPng } from './render.js';
import { yourContentChart } from './yours.js';
import { toCsv } from '../table.js';

const ID = /^[a-z0-9][a-z0-9-]*$/;

/** The project root (folder of crucible's package.json), found from this file. */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'node_modules'))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error('cannot find the crucible project root from ' + import.meta.url);
    dir = up;
  }
}

function packageVersion(root: string, pkg: string): string {
  try {
    const file = pkg === 'crucible' ? join(root, 'package.json') : join(root, 'node_modules', pkg, 'package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

const KEY_LIBS = ['vega', 'vega-lite', 'vega-embed', '@resvg/resvg-js', 'zod', 'workerpool', '@tensorflow/tfjs'];

export function versions(): Record<string, string> {
  const root = projectRoot();
  const out: Record<string, string> = { node: process.version, crucible: packageVersion(root, 'crucible') };
  for (const lib of KEY_LIBS) out[lib] = packageVersion(root, lib);
  return out;
}

/** vega, vega-lite and vega-embed browser builds (in node_modules), in load order. */
const BROWSER_LIBS = ['vega/build/vega.min.js', 'vega-lite/build/vega-lite.min.js', 'vega-embed/build/vega-embed.min.js'];
/** The folder beside the report folders that holds the one shared copy of the libraries. */
export const VENDOR_DIR = 'vendor';

/**
 * Copies the chart libraries once into `<reports root>/vendor/` (a report folder's parent),
 * rewriting a copy only when it differs, and returns their paths relative to a report page:
 * pages load them with <script src>, which works offline from file://.
 */
function sharedBrowserLibs(reportDir: string): string[] {
  const nm = join(projectRoot(), 'node_modules');
  const vendor = join(dirname(resolve(reportDir)), VENDOR_DIR);
  mkdirSync(vendor, { recursive: true });
  return BROWSER_LIBS.map((f) => {
    const name = f.split('/').pop()!;
    const source = readFileSync(join(nm, f));
    const target = join(vendor, name);
    if (!existsSync(target) || !readFileSync(target).equals(source)) writeFileSync(target, source);
    return `../${VENDOR_DIR}/${name}`;
  });
}

function checkIds(report: Report): void {
  if (!ID.test(report.id)) throw new Error(`report id ${JSON.stringify(report.id)} must match ${ID}`);
  const seen = new Set<string>();
  for (const s of report.sections)
    for (const b of s.blocks) {
      if (b.kind === 'text') continue;
      if (!ID.test(b.id)) throw new Error(`${b.kind} id ${JSON.stringify(b.id)} must match ${ID}`);
      if (seen.has(b.id)) throw new Error(`duplicate block id ${JSON.stringify(b.id)} in report ${report.id}`);
      seen.add(b.id);
    }
}

/** Writes `report` into `dir` (created if needed) and returns the files written. */
export async function writeReport(report: Report, dir: string): Promise<string[]> {
  checkIds(report);
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  const put = (name: string, data: string | Buffer): void => {
    writeFileSync(join(dir, name), data);
    files.push(name);
  };
  const charts: string[] = [];
  const tables: string[] = [];
  const yours = report.yourContent && report.yourContent.items.length > 0 ? yourContentChart(report.yourContent) : undefined;
  for (const section of [...(yours ? [{ heading: 'Your content', blocks: [yours] }] : []), ...report.sections]) {
    for (const block of section.blocks) {
      if (block.kind === 'chart') {
        put(`${block.id}.vl.json`, JSON.stringify(block.spec, null, 2) + '\n');
        const svg = await renderSvg(block.spec);
        put(`${block.id}.svg`, svg);
        put(`${block.id}.png`, svgToPng(svg));
        charts.push(block.id);
      } else if (block.kind === 'table') {
        put(`${block.id}.csv`, toCsv(block.rows));
        put(`${block.id}.json`, JSON.stringify(block.rows, null, 2) + '\n');
        tables.push(block.id);
      }
    }
  }
  const meta = {
    id: report.id,
    title: report.title,
    gameId: report.gameId,
    question: report.question,
    command: report.meta.command,
    seed: report.meta.seed,
    sampleSizes: report.meta.sampleSizes,
    details: report.meta.details ?? {},
    versions: versions(),
    verdicts: report.verdicts,
    ...(report.yourContent ? { yourContent: report.yourContent } : {}),
    ...(report.quick ? { quick: report.quick } : {}),
    charts,
    tables,
  };
  put('meta.json', JSON.stringify(meta, null, 2) + '\n');
  put('index.html', reportHtml(report, sharedBrowserLibs(dir), meta));
  return files;
}

/** A game's name for the index panels (its id when the game is not registered). */
function gameName(id: string): string {
  try {
    return getGame(id).name;
  } catch {
    return id;
  }
}

/** Writes `<reportsRoot>/index.html` linking every report folder (one with meta.json). */
export function writeReportsIndex(reportsRoot: string): string {
  const root = resolve(reportsRoot);
  mkdirSync(root, { recursive: true });
  const entries: IndexEntry[] = [];
  for (const dir of readdirSync(root, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    const metaFile = join(root, dir.name, 'meta.json');
    if (!existsSync(metaFile)) continue;
    const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as {
      title: string; gameId: string; question: string; seed: string | number;
      sampleSizes: Record<string, number>; verdicts: { statement: string; evidence: string; strength: string }[]; quick?: string;
      yourContent?: YourContent; charts?: string[];
    };
    entries.push({
      dir: dir.name,
      title: meta.title,
      gameId: meta.gameId,
      question: meta.question,
      seed: meta.seed,
      sampleSizes: meta.sampleSizes,
      supported: meta.verdicts.filter((v) => v.strength === 'supported').length,
      inconclusive: meta.verdicts.filter((v) => v.strength === 'inconclusive').length,
      verdicts: meta.verdicts,
      ...(meta.quick ? { quick: meta.quick } : {}),
      ...(meta.yourContent ? { yourContent: meta.yourContent } : {}),
      ...(meta.charts ? { charts: meta.charts } : {}),
      gameName: gameName(meta.gameId),
    });
  }
  entries.sort((a, b) => a.dir.localeCompare(b.dir));
  const file = join(root, 'index.html');
  writeFileSync(file, indexHtml(entries));
  return file;
}
