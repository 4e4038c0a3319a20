import { BarChart } from '@mantine/charts';
import { VisuallyHidden } from '@mantine/core';
import '@mantine/charts/styles.css';

interface ResultsChartProps {
  title: string;
  data: Array<{ label: string; count: number }>;
  /**
   * The counts also as text: each bar says its number, and screen readers read a list of the
   * counts instead of the drawing (the exam's results; the jugadas' page reads the chart itself).
   */
  countsAsText?: boolean;
}

/** What the class chose, as horizontal bars (loaded with the admin's results only: the charting library is heavy). */
export function ResultsChart({ title, data, countsAsText = false }: ResultsChartProps) {
  const chart = (
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
      withBarValueLabel={countsAsText}
      valueFormatter={(value) => String(value)}
      barProps={{ isAnimationActive: false }}
    />
  );
  return (
    <figure style={{ margin: 0 }} aria-label={title}>
      <figcaption style={{ fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)', marginBottom: 4 }}>{title}</figcaption>
      {countsAsText ? (
        <>
          <div aria-hidden>{chart}</div>
          <VisuallyHidden component="ul">
            {data.map((entry) => (
              <li key={entry.label}>
                {entry.label}: {entry.count === 1 ? '1 respuesta' : `${entry.count} respuestas`}
              </li>
            ))}
          </VisuallyHidden>
        </>
      ) : (
        chart
      )}
    </figure>
  );
}
