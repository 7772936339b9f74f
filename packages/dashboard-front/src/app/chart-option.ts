import type { ResultSet } from '@cubejs-client/core';
import type { ChartType } from './api.js';

/** A time axis shows days; other values as they are (an empty group as "none"). */
function label(value: unknown): string {
  if (value === null || value === undefined || value === '∅') return 'none';
  const text = String(value);
  return /^\d{4}-\d{2}-\d{2}T00:00:00\.000$/.test(text) ? text.slice(0, 10) : text;
}

/** The Apache ECharts option of a line, bar, area or pie tile, from Cube's pivot of its answer. */
export function chartOption(chart: Exclude<ChartType, 'number' | 'table'>, resultSet: ResultSet) {
  const pivot = resultSet.chartPivot();
  const series = resultSet.seriesNames();
  const categories = pivot.map((point) => label(point.xValues.length > 0 ? point.xValues.join(', ') : point.x));
  if (chart === 'pie') {
    const first = series[0];
    return {
      tooltip: { trigger: 'item' },
      legend: { type: 'scroll', bottom: 0 },
      series: [{ type: 'pie', radius: ['35%', '65%'], data: pivot.map((point, index) => ({ name: categories[index], value: first ? Number(point[first.key]) : 0 })) }],
    };
  }
  return {
    tooltip: { trigger: 'axis' },
    legend: series.length > 1 ? { type: 'scroll', bottom: 0 } : undefined,
    grid: { left: 48, right: 16, top: 16, bottom: series.length > 1 ? 48 : 32 },
    xAxis: { type: 'category', data: categories },
    yAxis: { type: 'value' },
    series: series.map((entry) => ({
      name: entry.shortTitle ?? entry.title,
      type: chart === 'bar' ? 'bar' : 'line',
      areaStyle: chart === 'area' ? {} : undefined,
      smooth: chart !== 'bar',
      data: pivot.map((point) => Number(point[entry.key] ?? 0)),
    })),
  };
}

/** The tile's answer as CSV: one header row of the columns' titles, then the rows, quoted where needed. */
export function toCsv(resultSet: ResultSet): string {
  const columns = resultSet.tableColumns();
  const quote = (value: unknown) => {
    const text = value === null || value === undefined ? '' : String(value);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [columns.map((column) => quote(column.shortTitle ?? column.title)).join(',')];
  for (const row of resultSet.tablePivot()) lines.push(columns.map((column) => quote(row[column.key])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
