import type { ElectricSummary } from '@common/intervals.ts';
import { kwhText, kwText } from '@common/quantities.ts';
import { useMemo } from 'react';
import uPlot from 'uplot';
import { formatKw, formatKwh, formatMonth, hourLabel } from './interval-display.ts';
import { UPlotChart } from './uplot-chart.tsx';

const BLUE = '#2563eb';
const AMBER = '#d97706';
const AXIS = { stroke: '#475569', grid: { stroke: '#e2e8f0', width: 1 }, ticks: { show: false } };
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
/** Both charts start at zero, so heights compare honestly. */
const FROM_ZERO: uPlot.Scale = {
  range: (_, _min, max) => uPlot.rangeNum(0, max > 0 ? max : 1, 0.1, true),
};

function loadProfileOptions(): Omit<uPlot.Options, 'width' | 'height'> {
  const kw = (_: uPlot, value: number | null) => (value === null ? '—' : formatKw(value));
  return {
    scales: { x: { time: false, range: [0, 23] }, y: FROM_ZERO },
    series: [
      { label: 'Hour', value: (_, hour) => (hour === null ? '—' : hourLabel(hour)) },
      { label: 'Weekday', stroke: BLUE, width: 2, value: kw, points: { show: false } },
      {
        label: 'Weekend',
        stroke: AMBER,
        width: 2,
        dash: [6, 4],
        value: kw,
        points: { show: false },
      },
    ],
    axes: [
      { ...AXIS, incrs: [1, 2, 3, 6], space: 48, values: (_, ticks) => ticks.map(hourLabel) },
      { ...AXIS, label: 'kW', size: 56, values: (_, ticks) => ticks.map((t) => t.toFixed(2)) },
    ],
  };
}

function monthlyOptions(months: string[]): Omit<uPlot.Options, 'width' | 'height'> {
  const label = (index: number | null) =>
    index === null || !Number.isInteger(index) ? '' : formatMonth(months[index] ?? '');
  return {
    scales: { x: { time: false, range: [-0.5, months.length - 0.5] }, y: FROM_ZERO },
    series: [
      { label: 'Month', value: (_, index) => label(index) || '—' },
      {
        label: 'Delivered',
        stroke: BLUE,
        fill: 'rgba(37, 99, 235, 0.35)',
        width: 1,
        paths: uPlot.paths.bars?.({ size: [0.7, 48] }),
        points: { show: false },
        value: (_, value) => (value === null ? '—' : formatKwh(value)),
      },
    ],
    axes: [
      {
        ...AXIS,
        incrs: [1, 2, 3, 6],
        space: 64,
        values: (_, ticks) => ticks.map((t) => label(t).replace(' 20', " '")),
      },
      { ...AXIS, label: 'kWh', size: 64 },
    ],
  };
}

/** Average kW by hour of day (weekday and weekend), and delivered kWh by month. */
export default function IntervalCharts({ summary }: { summary: ElectricSummary }) {
  const { loadProfile, monthly } = summary.analytics;
  const profileOptions = useMemo(loadProfileOptions, []);
  const profileData = useMemo<uPlot.AlignedData>(
    () => [HOURS, loadProfile.weekday, loadProfile.weekend],
    [loadProfile],
  );
  const months = useMemo(() => monthly.map((m) => m.month), [monthly]);
  const monthOptions = useMemo(() => monthlyOptions(months), [months]);
  const monthData = useMemo<uPlot.AlignedData>(
    () => [months.map((_, index) => index), monthly.map((m) => m.deliveredKWh)],
    [months, monthly],
  );

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <figure aria-labelledby="load-profile-caption" className="grid min-w-0 gap-2">
        <figcaption id="load-profile-caption" className="font-medium text-slate-800 text-sm">
          Average load profile (kW by hour of day)
        </figcaption>
        <UPlotChart options={profileOptions} data={profileData} height={240} />
        <DataTable
          caption="Average kW by hour"
          columns={['Hour', 'Weekday kW', 'Weekend kW']}
          rows={HOURS.map((hour) => [
            hourLabel(hour),
            kwCell(loadProfile.weekday[hour]),
            kwCell(loadProfile.weekend[hour]),
          ])}
        />
      </figure>
      {monthly.length > 0 ? (
        <figure aria-labelledby="monthly-caption" className="grid min-w-0 gap-2">
          <figcaption id="monthly-caption" className="font-medium text-slate-800 text-sm">
            Delivered energy by month (kWh)
          </figcaption>
          <UPlotChart options={monthOptions} data={monthData} height={240} />
          <DataTable
            caption="Delivered kWh by month"
            columns={['Month', 'kWh']}
            rows={monthly.map((m) => [formatMonth(m.month), kwhText(m.deliveredKWh)])}
          />
        </figure>
      ) : null}
    </div>
  );
}

const kwCell = (kW: number | null | undefined) => (typeof kW === 'number' ? kwText(kW) : null);

/** The chart's numbers for screen readers (a canvas says nothing). */
function DataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: (string | null)[][];
}) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row[0])}>
            {row.map((cell, index) => (
              <td key={columns[index]}>{cell ?? 'No data'}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
