import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import uPlot from 'uplot';
import { api, jobPath } from './api.js';
import type { ProgressSample } from './api-types.js';
import { rate } from './format.js';
import { html } from './html.js';
import { rateSeries, type Tick } from './rate-series.js';

const HEIGHT = 220;
const DOCS_COLOUR = '#0550ae';
const KIB_COLOUR = '#953800';

/**
 * Documents/s and KiB/s over the run, drawn by uPlot: the run's history from GET …/stats, then a
 * point for each live tick. A new run starts a new chart.
 */
export function RateChart({ job, run, ticks }: { job: string; run: string | undefined; ticks: readonly Tick[] }) {
  const [history, setHistory] = useState<readonly ProgressSample[]>([]);
  const holder = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | undefined>(undefined);

  useEffect(() => {
    setHistory([]);
    if (!run) return;
    api<{ samples: ProgressSample[] }>('GET', jobPath(job, `/stats?run=${encodeURIComponent(run)}`)).then((r) => setHistory(r.samples), () => setHistory([]));
  }, [job, run]);

  const data = useMemo(() => rateSeries(history, ticks.filter((t) => t.run === run)), [history, ticks, run]);

  useEffect(() => {
    const el = holder.current!;
    const chart = new uPlot(chartOptions(Math.max(300, el.clientWidth)), data, el);
    plot.current = chart;
    const resized = new ResizeObserver(() => chart.setSize({ width: Math.max(300, el.clientWidth), height: HEIGHT }));
    resized.observe(el);
    return () => {
      resized.disconnect();
      chart.destroy();
      plot.current = undefined;
    };
  }, []);
  useEffect(() => plot.current?.setData(data), [data]);

  const points = data[0].length;
  const last = points ? `latest: ${rate(data[1][points - 1])} documents/s, ${rate(data[2][points - 1])} KiB/s` : 'no statistics yet';
  return html`<figure class="chart" data-points=${points}>
    <figcaption>Documents/s and KiB/s over the run <span class="subtle">(${points} points; ${last})</span></figcaption>
    <div ref=${holder} class="chart-area" role="img" aria-label=${`Chart of documents per second and KiB per second over the run, ${points} ` +
      `points; ${last}`}></div>
  </figure>`;
}

function chartOptions(width: number): uPlot.Options {
  return {
    width, height: HEIGHT,
    scales: { x: { time: true }, docs: { auto: true }, kib: { auto: true } },
    series: [
      {},
      { label: 'documents/s', scale: 'docs', stroke: DOCS_COLOUR, width: 2, value: (_u, v) => (v === null ? '–' : rate(v)) },
      { label: 'KiB/s', scale: 'kib', stroke: KIB_COLOUR, width: 2, value: (_u, v) => (v === null ? '–' : rate(v)) },
    ],
    axes: [
      {},
      { scale: 'docs', label: 'documents/s', stroke: DOCS_COLOUR },
      { scale: 'kib', label: 'KiB/s', side: 1, stroke: KIB_COLOUR, grid: { show: false } },
    ],
  };
}
