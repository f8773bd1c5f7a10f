// A bar chart in plain SVG (a few dozen lines instead of a chart library), with the same
// numbers as a table for screen readers.
import { number } from './format.js';

export interface Bar {
  label: string;
  value: number;
}

export function BarChart({ title, bars }: { title: string; bars: Bar[] }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const width = 600;
  const height = 160;
  const gap = 2;
  // At least a week's slots: one day of data is one bar, not a block across the chart.
  const w = width / Math.max(bars.length, 7);
  if (bars.every((b) => b.value === 0)) {
    return (
      <figure class="chart">
        <figcaption>{title}</figcaption>
        <p class="chart-empty">Sem dados no período.</p>
      </figure>
    );
  }
  return (
    <figure class="chart">
      <figcaption>{title}</figcaption>
      {/* The bars stretch to the page's width; the labels stay outside the SVG so that the
          stretch does not distort their letters. */}
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title} preserveAspectRatio="none">
        {bars.map((b, i) => {
          const h = Math.round((b.value / max) * height);
          return (
            <rect
              key={b.label}
              x={i * w + gap / 2}
              y={height - h}
              width={Math.max(1, w - gap)}
              height={h}
              class="bar"
            >
              <title>{`${b.label}: ${number(b.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div class="axis" aria-hidden="true">
        <span>{bars[0]?.label ?? ''}</span>
        <span>{bars.at(-1)?.label ?? ''}</span>
      </div>
      <div class="sr-only">
        <table>
          <caption>{title}</caption>
          <tbody>
            {bars.map((b) => (
              <tr key={b.label}>
                <th scope="row">{b.label}</th>
                <td>{number(b.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
