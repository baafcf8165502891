/**
 * Headless rendering of Vega-Lite specs in Node: Vega-Lite compiles to Vega, a Vega view
 * with no renderer draws the scenegraph to an SVG string, and resvg rasterises that
 * SVG to PNG with the system fonts (so axis labels and titles appear in the PNG).
 */
import { compile } from 'vega-lite';
import * as vega from 'vega';
import { Resvg } from '@resvg/resvg-js';
import type { VegaLiteSpec } from '../report-model.js';

/** Compiles a Vega-Lite spec to a Vega spec (throws on an invalid spec). */
export function toVega(spec: VegaLiteSpec): vega.Spec {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return compile(spec as any).spec as vega.Spec;
}

/** Renders a Vega-Lite spec to a standalone SVG document. */
export async function renderSvg(spec: VegaLiteSpec): Promise<string> {
  const view = new vega.View(vega.parse(toVega(spec)), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** Rasterises an SVG to PNG at `scale` × its size, with system fonts loaded. */
export function svgToPng(svg: string, scale = 2): Buffer {
  const resvg = new Resvg(svg, {
    background: 'white',
    fitTo: { mode: 'zoom', value: scale },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  });
  return resvg.render().asPng();
}
