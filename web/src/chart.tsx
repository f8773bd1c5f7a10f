// The bar chart the pages have used (a title and labelled bars), drawn by the charts module
// (charts.tsx): axes, values, a tooltip, the table beside it and "Sem dados no período."
// when every bar is zero.
import { Chart } from './charts.js';

export interface Bar {
  label: string;
  value: number;
}

export function BarChart({ title, bars }: { title: string; bars: Bar[] }) {
  return (
    <Chart
      title={title}
      labels={bars.map((b) => b.label)}
      series={[{ label: 'Total', values: bars.map((b) => b.value) }]}
      kind="bar"
      // Counts get whole-number ticks; amounts (a day's cost may be a few cents) do not.
      integer={bars.every((b) => Number.isInteger(b.value))}
    />
  );
}
