export { writeReport, writeReportsIndex, versions } from './write.js';
export { toCsv } from '../table.js';
export { renderSvg, svgToPng, toVega } from './render.js';
export { escapeHtml } from './html.js';
