import type { ResultSet } from '@cubejs-client/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { cubeApi, type Tile } from './api.js';
import { chartOption, toCsv } from './chart-option.js';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

function Chart({ tile, resultSet, dark }: { tile: Tile; resultSet: ResultSet; dark: boolean }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current || tile.chart === 'number' || tile.chart === 'table') return;
    const chart = echarts.init(element.current, dark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.setOption({ backgroundColor: 'transparent', ...chartOption(tile.chart, resultSet) });
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(element.current);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [tile.chart, resultSet, dark]);
  if (tile.chart === 'number') {
    const [row] = resultSet.tablePivot();
    const key = resultSet.tableColumns().at(-1)?.key;
    const value = row && key ? Number(row[key]) : 0;
    return <p className="number" data-testid="tile-number">{Number.isFinite(value) ? value.toLocaleString(undefined, { maximumFractionDigits: 1 }) : '–'}</p>;
  }
  if (tile.chart === 'table') {
    const columns = resultSet.tableColumns();
    return (
      <div className="table-scroll">
        <table>
          <thead>
            <tr>{columns.map((column) => <th key={column.key}>{column.shortTitle ?? column.title}</th>)}</tr>
          </thead>
          <tbody>
            {resultSet.tablePivot().map((row, index) => (
              <tr key={index}>{columns.map((column) => <td key={column.key}>{String(row[column.key] ?? '')}</td>)}</tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return <div className="chart" ref={element} role="img" aria-label={`${tile.chart} chart: ${tile.title}`} data-testid="tile-chart" />;
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name.replace(/[^\w.-]+/g, '-') || 'tile'}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export interface TileViewProps {
  tile: Tile;
  dark: boolean;
  editable: boolean;
  onRemove: () => void;
  onResize: (wider: boolean) => void;
  onDropOn: (draggedId: string) => void;
}

/** One tile: its chart over its query's answer, CSV export, and (on the user's own dashboard) drag, resize, remove. */
export function TileView({ tile, dark, editable, onRemove, onResize, onDropOn }: TileViewProps) {
  const [resultSet, setResultSet] = useState<ResultSet>();
  const [error, setError] = useState<string>();
  const query = JSON.stringify(tile.query);
  useEffect(() => {
    let current = true;
    setError(undefined);
    cubeApi
      .load(JSON.parse(query))
      .then((answer) => current && setResultSet(answer))
      .catch((reason: Error) => current && setError(reason.message));
    return () => {
      current = false;
    };
  }, [query]);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    const dragged = event.dataTransfer.getData('text/x-tile');
    if (dragged && dragged !== tile.id) onDropOn(dragged);
  };
  return (
    <section
      className="tile"
      aria-label={tile.title}
      data-testid="tile"
      style={{ gridColumn: `span ${tile.layout.w}`, gridRow: `span ${tile.layout.h}` }}
      draggable={editable}
      onDragStart={(event) => event.dataTransfer.setData('text/x-tile', tile.id)}
      onDragOver={(event) => editable && event.preventDefault()}
      onDrop={drop}
    >
      <header>
        <h2>{tile.title}</h2>
        <div className="tile-actions">
          <button type="button" disabled={!resultSet} onClick={() => resultSet && download(tile.title, toCsv(resultSet))} aria-label={`Export ${tile.title} as CSV`}>
            CSV
          </button>
          {editable && (
            <>
              <button type="button" onClick={() => onResize(false)} aria-label={`Narrower ${tile.title}`}>−</button>
              <button type="button" onClick={() => onResize(true)} aria-label={`Wider ${tile.title}`}>+</button>
              <button type="button" onClick={onRemove} aria-label={`Remove ${tile.title}`}>×</button>
            </>
          )}
        </div>
      </header>
      {error ? <p className="error" role="alert">{error}</p> : resultSet ? <Chart tile={tile} resultSet={resultSet} dark={dark} /> : <p className="muted">Loading…</p>}
    </section>
  );
}
