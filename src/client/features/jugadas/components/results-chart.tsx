import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';

/** What the class chose, as horizontal bars (loaded with the admin's results only). */
export function ResultsChart({ title, data }: { title: string; data: Array<{ label: string; count: number }> }) {
  return (
    <figure style={{ margin: 0 }} aria-label={title}>
      <figcaption style={{ fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)', marginBottom: 4 }}>{title}</figcaption>
      <BarChart
        h={Math.max(80, data.length * 34 + 30)}
        data={data}
        dataKey="label"
        orientation="vertical"
        yAxisProps={{ width: 150 }}
        xAxisProps={{ allowDecimals: false }}
        series={[{ name: 'count', label: 'Respuestas', color: 'grape.7' }]}
        gridAxis="none"
        withTooltip={false}
        barProps={{ isAnimationActive: false }}
      />
    </figure>
  );
}
