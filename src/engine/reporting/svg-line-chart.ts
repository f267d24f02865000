import { escapeHtml } from '../../util/escape-html.js';

/** One line of a chart: its name and colour, and its value at each x. */
export interface ChartLine {
  readonly name: string;
  readonly colour: string;
  readonly values: readonly number[];
}

const WIDTH = 640;
const HEIGHT = 180;
const LEFT = 64;
const BOTTOM = 22;
const TOP = 8;

/**
 * An inline SVG line chart: `lines` over `xs` (milliseconds since the first sample), a y axis
 * from 0 to the largest value with `formatY` labels, and a legend. No script, no external style.
 */
export function svgLineChart(title: string, xs: readonly number[], lines: readonly ChartLine[], formatY: (v: number) => string): string {
  const maxX = Math.max(1, ...xs);
  const maxY = Math.max(1, ...lines.flatMap((l) => l.values));
  const x = (v: number) => (LEFT + (v / maxX) * (WIDTH - LEFT - 8)).toFixed(1);
  const y = (v: number) => (TOP + (1 - v / maxY) * (HEIGHT - TOP - BOTTOM)).toFixed(1);
  const parts = [`<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeHtml(title)}">`];
  for (const f of [0, 0.5, 1]) {
    parts.push(`<line class="grid" x1="${LEFT}" x2="${WIDTH - 8}" y1="${y(maxY * f)}" y2="${y(maxY * f)}"/>`);
    parts.push(`<text class="axis" x="${LEFT - 6}" y="${y(maxY * f)}" text-anchor="end" dominant-baseline="middle">${escapeHtml(formatY(maxY * f))}</text>`);
  }
  parts.push(`<text class="axis" x="${LEFT}" y="${HEIGHT - 4}">0 s</text>`);
  parts.push(`<text class="axis" x="${WIDTH - 8}" y="${HEIGHT - 4}" text-anchor="end">${escapeHtml(formatSeconds(maxX))}</text>`);
  for (const line of lines) {
    const points = line.values.map((v, i) => `${x(xs[i])},${y(v)}`).join(' ');
    parts.push(`<polyline fill="none" stroke="${line.colour}" stroke-width="2" points="${points}"/>`);
  }
  parts.push('</svg>');
  const legend = lines.map((l) => `<span class="key" style="border-color:${l.colour}">${escapeHtml(l.name)}</span>`).join(' ');
  return `<figure><figcaption>${escapeHtml(title)} ${legend}</figcaption>${parts.join('')}</figure>`;
}

function formatSeconds(ms: number): string {
  const s = Math.round(ms / 1000);
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  return s < 120 ? `${s} s` : s < 7200 ? `${Math.round(s / 60)} min` : `${(s / 3600).toFixed(1)} h`;
}
