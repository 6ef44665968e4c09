import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartData,
  type ChartOptions,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Chart } from 'react-chartjs-2';
import { formatMoney } from '@shared/money';
import type { ReportChart as ReportChartData } from '@shared/reports';
import { formatDate, formatQty } from '@/components/data/format';
import { useCompany } from '@/hooks/useCompany';

ChartJS.register(
  BarController,
  LineController,
  BarElement,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
  Filler,
);

/**
 * The chart of a report (or of the dashboard): Chart.js through react-chartjs-2, drawn from the
 * server's series (minor units, dates as 'YYYY-MM-DD'). Its colours come from the theme's CSS
 * variables and follow dark mode as it changes (data-bs-theme on <html>); in print (the
 * printout, or Ctrl+P on the screen) it is redrawn in the light palette, without animation, at
 * the sheet's width.
 *
 *   <ReportChart chart={props.chart} />
 */
export function ReportChart({
  chart,
  currency: currencyProp,
  print = false,
  testId = 'report-chart',
}: {
  chart: ReportChartData;
  /** Left out: the company currency (useCompany). */
  currency?: string;
  print?: boolean;
  testId?: string;
}) {
  const company = useCompany();
  const currency = currencyProp ?? company.currency;
  const dark = useDarkTheme();
  const printing = usePrinting();
  const light = print || printing || !dark;
  const ref = useRef<ChartJS<'bar' | 'line'> | null>(null);
  useEffect(() => {
    // Resize to the sheet before the print preview is drawn, and back after.
    const resize = () => ref.current?.resize();
    window.addEventListener('beforeprint', resize);
    window.addEventListener('afterprint', resize);
    return () => {
      window.removeEventListener('beforeprint', resize);
      window.removeEventListener('afterprint', resize);
    };
  }, []);
  const palette = light
    ? { text: '#212529', grid: 'rgba(0,0,0,0.08)', series: ['#0d6efd', '#198754', '#fd7e14'] }
    : { text: '#dee2e6', grid: 'rgba(255,255,255,0.12)', series: ['#6ea8fe', '#75b798', '#feb272'] };
  const isDates = chart.labels.length > 0 && /^\d{4}-\d{2}-\d{2}$/.test(chart.labels[0]);
  const labels = useMemo(
    () => chart.labels.map((l) => (isDates ? formatDate(l).slice(0, 5) : l.length > 28 ? `${l.slice(0, 27)}…` : l)),
    [chart.labels, isDates],
  );
  const format = (unit: 'money' | 'count', v: number) => (unit === 'money' ? formatMoney(v, currency) : formatQty(v));
  const data: ChartData<'bar' | 'line'> = {
    labels,
    datasets: chart.series.map((s, i) => ({
      type: chart.type,
      label: s.label,
      data: s.data,
      backgroundColor: chart.type === 'line' ? `${palette.series[i % 3]}33` : palette.series[i % 3],
      borderColor: palette.series[i % 3],
      borderWidth: chart.type === 'line' ? 2 : 0,
      pointRadius: 0,
      fill: chart.type === 'line' && i === 0,
      tension: 0.25,
    })),
  };
  const unit = chart.series[0]?.unit ?? 'money';
  const valueAxis = {
    ticks: { color: palette.text, callback: (v: string | number) => format(unit, Number(v)) },
    grid: { color: palette.grid },
  };
  const categoryAxis = { ticks: { color: palette.text, autoSkip: true, maxRotation: 0 }, grid: { display: false } };
  const options: ChartOptions<'bar' | 'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: print || printing ? false : undefined,
    indexAxis: chart.horizontal ? 'y' : 'x',
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { display: chart.series.length > 1, labels: { color: palette.text } },
      tooltip: {
        callbacks: {
          title: (items) =>
            items[0] ? (isDates ? formatDate(chart.labels[items[0].dataIndex]) : chart.labels[items[0].dataIndex]) : '',
          label: (item) =>
            `${item.dataset.label} : ${format(chart.series[item.datasetIndex]?.unit ?? 'money', Number(item.raw))}`,
        },
      },
    },
    scales: chart.horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
  };
  const height = chart.horizontal ? Math.max(220, chart.labels.length * 28 + 60) : 280;
  return (
    <figure className="app-report-chart mb-0" data-testid={testId} data-theme={light ? 'light' : 'dark'}>
      <figcaption className="small fw-semibold mb-2">{chart.title}</figcaption>
      <div style={{ position: 'relative', height }}>
        <Chart ref={ref} type={chart.type} data={data} options={options} aria-label={chart.title} role="img" />
      </div>
    </figure>
  );
}

/** Whether the page is in dark mode now (data-bs-theme on <html>), updated when the user switches. */
function useDarkTheme(): boolean {
  const read = () =>
    typeof document !== 'undefined' && document.documentElement.getAttribute('data-bs-theme') === 'dark';
  const [dark, setDark] = useState(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setDark(read()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-bs-theme'] });
    return () => observer.disconnect();
  }, []);
  return dark;
}

/** Whether the browser is printing (the print preview is drawn in the light palette). */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const media = window.matchMedia('print');
    const on = () => setPrinting(true);
    const off = () => setPrinting(false);
    const change = (e: MediaQueryListEvent) => setPrinting(e.matches);
    window.addEventListener('beforeprint', on);
    window.addEventListener('afterprint', off);
    media.addEventListener('change', change);
    return () => {
      window.removeEventListener('beforeprint', on);
      window.removeEventListener('afterprint', off);
      media.removeEventListener('change', change);
    };
  }, []);
  return printing;
}
