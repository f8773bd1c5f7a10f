// Charts for the dashboards: uPlot (a canvas chart library of ~20 KB gzipped, loaded only
// when a chart is first drawn) with axes, values and a tooltip that follows the pointer or
// the arrow keys; beside every chart, the same numbers as a table (always there for screen
// readers, shown on demand) and as a CSV download for spreadsheets.
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './charts.css';
import { useEffect, useRef, useState } from 'preact/hooks';
import { number } from './format.js';

export interface Series {
  label: string;
  values: number[];
  /** A colour token (`--chart-1` … `--chart-6`); by position when absent. */
  color?: string;
}

export interface ChartProps {
  title: string;
  /** One per point: a day ("21/11/2026"), a model, a key. */
  labels: string[];
  series: Series[];
  /** Bars for one series, lines for several, unless said. */
  kind?: 'bar' | 'line';
  /** Values in the tooltip, the table and the y axis (numbers by default). */
  format?: (n: number) => string;
  /** The first column's heading in the table and the CSV ("Dia"). */
  labelHeading?: string;
  /** Counts: no fractional ticks on the y axis. */
  integer?: boolean;
  height?: number;
}

const COLORS = ['--chart-1', '--chart-2', '--chart-3', '--chart-4', '--chart-5', '--chart-6'];
const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });
const INTEGER_STEPS = [
  1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 1e7, 1e8,
  1e9,
];

/** dd/mm/aaaa shows as dd/mm on the axis; anything else as it is. */
const short = (label: string) => (/^\d{2}\/\d{2}\/\d{4}$/.test(label) ? label.slice(0, 5) : label);

/** Redraws charts when the theme changes (the profile's choice or the system's). */
function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    const observer = new MutationObserver(bump);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const media = matchMedia('(prefers-color-scheme: dark)');
    media.addEventListener('change', bump);
    return () => {
      observer.disconnect();
      media.removeEventListener('change', bump);
    };
  }, []);
  return version;
}

export function Chart(props: ChartProps) {
  const format = props.format ?? number;
  const [table, setTable] = useState(false);
  const empty = props.series.every((s) => s.values.every((v) => v === 0));
  const caption = useRef(`chart-${Math.random().toString(36).slice(2, 9)}`).current;
  const heading = props.labelHeading ?? 'Dia';
  return (
    <figure class="chart-card" aria-labelledby={caption}>
      <div class="chart-head">
        <figcaption id={caption}>{props.title}</figcaption>
        {!empty && (
          <div class="chart-actions">
            <button
              type="button"
              class="secondary small"
              aria-pressed={table}
              onClick={() => setTable(!table)}
            >
              Tabela
            </button>
            <button type="button" class="secondary small" onClick={() => downloadCsv(props, heading)}>
              Baixar CSV
            </button>
          </div>
        )}
      </div>
      {empty ? (
        <p class="chart-empty">Sem dados no período.</p>
      ) : (
        <>
          <Plot {...props} format={format} />
          {props.series.length > 1 && (
            <ul class="chart-legend" aria-hidden="true">
              {props.series.map((s, i) => (
                <li key={s.label}>
                  <span class={`swatch swatch-${colorOf(s, i).slice(2)}`} />
                  {s.label}
                </li>
              ))}
            </ul>
          )}
          <div class={table ? 'chart-table table-wrap' : 'sr-only'}>
            <table>
              <caption class={table ? 'sr-only' : undefined}>{props.title}</caption>
              <thead>
                <tr>
                  <th scope="col">{heading}</th>
                  {props.series.map((s) => (
                    <th key={s.label} scope="col" class="num">
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {props.labels.map((label, i) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    {props.series.map((s) => (
                      <td key={s.label} class="num">
                        {format(s.values[i] ?? 0)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </figure>
  );
}

const colorOf = (s: Series, i: number) => s.color ?? COLORS[i % COLORS.length]!;

/** The canvas, drawn by uPlot once it has loaded; a summary names it for screen readers. */
function Plot(props: ChartProps & { format: (n: number) => string }) {
  const box = useRef<HTMLDivElement>(null);
  const live = useRef<HTMLSpanElement>(null);
  const plot = useRef<uPlot | null>(null);
  const cursor = useRef(-1);
  const theme = useThemeVersion();
  const n = props.labels.length;
  const kind = props.kind ?? (props.series.length > 1 ? 'line' : 'bar');
  const data = JSON.stringify([props.labels, props.series, kind]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let cancelled = false;
    let resize: ResizeObserver | undefined;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const css = getComputedStyle(el);
      const color = (token: string) => css.getPropertyValue(token).trim() || '#888';
      const muted = color('--c-muted');
      const grid = color('--chart-grid');
      const tip = document.createElement('div');
      tip.className = 'chart-tip';
      tip.hidden = true;
      tip.setAttribute('aria-hidden', 'true');
      const show = (u: uPlot) => {
        const i = u.cursor.idx;
        if (i === null || i === undefined || u.cursor.left === undefined || u.cursor.left < 0) {
          tip.hidden = true;
          return;
        }
        tip.replaceChildren(tipContent(props, i, props.format, color));
        tip.hidden = false;
        const x = u.over.offsetLeft + u.valToPos(i, 'x');
        const room = el.clientWidth - tip.offsetWidth - 4;
        tip.style.left = `${Math.max(4, Math.min(room, x + 12))}px`;
        tip.style.top = `${u.over.offsetTop + 8}px`;
      };
      const opts: uPlot.Options = {
        width: el.clientWidth,
        height: props.height ?? 220,
        legend: { show: false },
        cursor: { drag: { x: false, y: false, setScale: false }, points: { size: 8 } },
        scales: {
          x: { time: false, range: () => (kind === 'bar' || n === 1 ? [-0.5, n - 0.5] : [0, n - 1]) },
          y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.12 : 1] },
        },
        axes: [
          {
            stroke: muted,
            font: '12px system-ui, sans-serif',
            grid: { show: false },
            ticks: { stroke: grid, width: 1, size: 4 },
            splits: (u) => {
              const fit = Math.max(2, Math.floor(u.bbox.width / devicePixelRatio / 64));
              const step = Math.max(1, Math.ceil(n / fit));
              return props.labels.map((_, i) => i).filter((i) => i % step === 0);
            },
            values: (_u, splits) => splits.map((i) => short(props.labels[i] ?? '')),
          },
          {
            stroke: muted,
            font: '12px system-ui, sans-serif',
            size: 64,
            grid: { stroke: grid, width: 1 },
            ticks: { show: false },
            ...(props.integer === false ? {} : { incrs: INTEGER_STEPS }),
            values: (_u, splits) =>
              splits.map((v) => (props.format === number ? compact.format(v) : props.format(v))),
          },
        ],
        series: [
          {},
          ...props.series.map((s, i) => {
            const c = color(colorOf(s, i));
            return kind === 'bar'
              ? {
                  label: s.label,
                  stroke: c,
                  fill: c,
                  width: 0,
                  points: { show: false },
                  paths: UPlot.paths.bars!({ size: [0.72, 56], radius: 0.12 }),
                }
              : {
                  label: s.label,
                  stroke: c,
                  fill: props.series.length === 1 ? `${c}22` : undefined,
                  width: 2,
                  points: { show: n <= 31, size: 5, fill: c },
                };
          }),
        ],
        hooks: { setCursor: [show] },
      };
      const xs = props.labels.map((_, i) => i);
      plot.current = new UPlot(opts, [xs, ...props.series.map((s) => s.values)], el);
      el.append(tip);
      resize = new ResizeObserver(() =>
        plot.current?.setSize({ width: el.clientWidth, height: opts.height }),
      );
      resize.observe(el);
    });
    return () => {
      cancelled = true;
      resize?.disconnect();
      plot.current?.destroy();
      plot.current = null;
      el.querySelector('.chart-tip')?.remove();
    };
  }, [data, theme]);

  /** Arrow keys walk the points: the tooltip follows and the point is read out. */
  const onKey = (event: KeyboardEvent) => {
    const u = plot.current;
    if (!u) return;
    const moves: Record<string, number> = {
      ArrowRight: cursor.current + 1,
      ArrowLeft: cursor.current - 1,
      Home: 0,
      End: n - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const i = Math.max(0, Math.min(n - 1, moves[event.key]!));
    cursor.current = i;
    const top = Math.max(...props.series.map((s) => s.values[i] ?? 0));
    u.setCursor({ left: u.valToPos(i, 'x'), top: u.valToPos(top, 'y') });
    if (live.current) live.current.textContent = pointText(props, i, props.format);
  };

  return (
    <div class="chart-plot-wrap">
      <div
        ref={box}
        class="chart-plot"
        role="img"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so that the arrow keys walk the points
        tabIndex={0}
        aria-label={`${props.title}. ${summary(props, props.format)} Use as setas para ler cada ponto.`}
        onKeyDown={onKey}
        onBlur={() => {
          cursor.current = -1;
          plot.current?.setCursor({ left: -10, top: -10 });
        }}
      />
      <span ref={live} class="sr-only" aria-live="polite" />
    </div>
  );
}

function tipContent(
  props: ChartProps,
  i: number,
  format: (n: number) => string,
  color: (token: string) => string,
): DocumentFragment {
  const out = document.createDocumentFragment();
  const head = document.createElement('strong');
  head.textContent = props.labels[i] ?? '';
  out.append(head);
  props.series.forEach((s, k) => {
    const line = document.createElement('span');
    const dot = document.createElement('i');
    dot.style.background = color(colorOf(s, k));
    line.append(dot, `${s.label}: ${format(s.values[i] ?? 0)}`);
    out.append(line);
  });
  return out;
}

function pointText(props: ChartProps, i: number, format: (n: number) => string): string {
  return `${props.labels[i]}: ${props.series.map((s) => `${s.label} ${format(s.values[i] ?? 0)}`).join(', ')}`;
}

/** The chart in one sentence: the total and the highest point of each series. */
function summary(props: ChartProps, format: (n: number) => string): string {
  return props.series
    .map((s) => {
      const total = s.values.reduce((a, b) => a + b, 0);
      const top = s.values.indexOf(Math.max(...s.values));
      return `${s.label}: total ${format(total)}, maior valor ${format(s.values[top] ?? 0)} em ${props.labels[top]}.`;
    })
    .join(' ');
}

/** The chart's numbers as CSV for a spreadsheet in Portuguese: `;` between fields, decimal comma. */
function downloadCsv(props: ChartProps, heading: string): void {
  const cell = (v: string) => (/[;"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [
    [heading, ...props.series.map((s) => s.label)].map(cell).join(';'),
    ...props.labels.map((label, i) =>
      [cell(label), ...props.series.map((s) => String(s.values[i] ?? 0).replace('.', ','))].join(';'),
    ),
  ];
  const blob = new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${slug(props.title)}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'dados';

/** A ranking as horizontal bars (per model, per key, per category): a table, so every value is text. */
export function BarList(props: {
  title: string;
  rows: { label: string; value: number }[];
  format?: (n: number) => string;
  heading?: string;
  valueHeading?: string;
}) {
  const format = props.format ?? number;
  const max = Math.max(1, ...props.rows.map((r) => r.value));
  return (
    <div class="table-wrap">
      <table class="bar-list">
        <caption>{props.title}</caption>
        <thead class="sr-only">
          <tr>
            <th scope="col">{props.heading ?? 'Item'}</th>
            <th scope="col">{props.valueHeading ?? 'Valor'}</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.length === 0 ? (
            <tr>
              <td colSpan={2} class="empty">
                Sem dados no período.
              </td>
            </tr>
          ) : (
            props.rows.map((r) => (
              <tr key={r.label}>
                <th scope="row">
                  <span class="bar-label">{r.label}</span>
                  <span class="bar-track" aria-hidden="true">
                    <span class="bar-fill" style={{ width: `${Math.max(1, (r.value / max) * 100)}%` }} />
                  </span>
                </th>
                <td class="num">{format(r.value)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
