import Box from '@mui/material/Box';
import { BarChart, type BarChartProps } from '@mui/x-charts/BarChart';
import { visuallyHidden } from '@/lib/visually-hidden';

// Its own module, not dashboard-parts.tsx: the charts library is for the staff dashboards only, and the
// Employee Portal's dashboard (a phone's first page) shares the parts, not the chart.
/**
 * A trend as bars, and the same figures as a table for screen readers (to them a chart is a picture). The table
 * is in a wrapper: a table grows to its content whatever its width (sideways scroll on a phone).
 */
export function TrendChart({
  labels,
  series,
  yAxis,
  margin,
  tableLabel,
  rows,
}: {
  labels: string[];
  series: { data: number[]; label: string; color: string }[];
  yAxis: BarChartProps['yAxis'];
  margin: BarChartProps['margin'];
  tableLabel: string;
  rows: { key: string; head: string; text: string }[];
}) {
  return (
    <>
      {/* No keyboard stop: the chart's own (v9) has no name and no visible focus, and the table below already
          gives every figure to the keyboard and screen reader. */}
      <BarChart
        disableKeyboardNavigation
        height={260}
        xAxis={[{ scaleType: 'band', data: labels }]}
        yAxis={yAxis}
        series={series}
        margin={margin}
      />
      <Box sx={visuallyHidden}>
        <table aria-label={tableLabel}>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.head}</th>
                <td>{row.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </>
  );
}
