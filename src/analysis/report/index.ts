export { writeReport, writeReportsIndex, toCsv, versions } from './write.js';
export { renderSvg, svgToPng, toVega } from './render.js';
export { escapeHtml } from './html.js';
