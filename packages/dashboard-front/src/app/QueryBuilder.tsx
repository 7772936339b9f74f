import type { Cube, Query } from '@cubejs-client/core';
import { useState, type FormEvent } from 'react';
import { chartTypes, type ChartType, type Tile } from './api.js';

const ranges = ['', 'today', 'yesterday', 'last 7 days', 'last 30 days', 'this week', 'this month', 'last month', 'this quarter', 'this year', 'last year'];

/** Builds one tile's query from the datasets the user may read (`/v1/meta` lists no others). */
export function QueryBuilder({ cubes, onAdd, onCancel }: { cubes: Cube[]; onAdd: (tile: Tile) => void; onCancel: () => void }) {
  const [datasetName, setDatasetName] = useState(cubes[0]?.name ?? '');
  const dataset = cubes.find((entry) => entry.name === datasetName);
  const [measure, setMeasure] = useState('');
  const [dimension, setDimension] = useState('');
  const [granularity, setGranularity] = useState('month');
  const [range, setRange] = useState('');
  const [chart, setChart] = useState<ChartType>('bar');
  const [title, setTitle] = useState('');
  const measures = dataset?.measures ?? [];
  const dimensions = dataset?.dimensions ?? [];
  const chosenMeasure = measure || measures[0]?.name || '';
  const chosenDimension = dimensions.find((entry) => entry.name === dimension);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!dataset || !chosenMeasure) return;
    const query: Query = { measures: [chosenMeasure] };
    if (chosenDimension?.type === 'time') {
      query.timeDimensions = [{ dimension: chosenDimension.name, granularity: granularity as 'day', ...(range ? { dateRange: range } : {}) }];
    } else if (chosenDimension) {
      query.dimensions = [chosenDimension.name];
    }
    const measureTitle = measures.find((entry) => entry.name === chosenMeasure)?.shortTitle ?? chosenMeasure;
    const fallbackTitle = chosenDimension ? `${measureTitle} by ${(chosenDimension.shortTitle ?? chosenDimension.name).toLowerCase()}` : measureTitle;
    onAdd({ id: Math.random().toString(36).slice(2, 10), title: title.trim() || fallbackTitle, chart, query, layout: { x: 0, y: 0, w: chart === 'number' ? 3 : 6, h: chart === 'number' ? 2 : 4 } });
  };

  if (cubes.length === 0) return <p className="muted">You may not read any dataset yet: ask an owner for a permission such as documents:showDocuments.</p>;
  return (
    <form className="builder" onSubmit={submit} aria-label="New tile">
      <label>
        Dataset
        <select value={datasetName} onChange={(event) => { setDatasetName(event.target.value); setMeasure(''); setDimension(''); }}>
          {cubes.map((entry) => <option key={entry.name} value={entry.name}>{entry.title}</option>)}
        </select>
      </label>
      <label>
        Measure
        <select value={chosenMeasure} onChange={(event) => setMeasure(event.target.value)}>
          {measures.map((entry) => <option key={entry.name} value={entry.name}>{entry.shortTitle}</option>)}
        </select>
      </label>
      <label>
        Group by
        <select value={dimension} onChange={(event) => setDimension(event.target.value)}>
          <option value="">Nothing</option>
          {dimensions.map((entry) => <option key={entry.name} value={entry.name}>{entry.shortTitle}</option>)}
        </select>
      </label>
      {chosenDimension?.type === 'time' && (
        <>
          <label>
            Per
            <select value={granularity} onChange={(event) => setGranularity(event.target.value)}>
              <option value="day">day</option>
              <option value="week">week</option>
              <option value="month">month</option>
            </select>
          </label>
          <label>
            Date range
            <select value={range} onChange={(event) => setRange(event.target.value)}>
              {ranges.map((entry) => <option key={entry} value={entry}>{entry || 'all time'}</option>)}
            </select>
          </label>
        </>
      )}
      <label>
        Chart
        <select value={chart} onChange={(event) => setChart(event.target.value as ChartType)}>
          {chartTypes.map((entry) => <option key={entry} value={entry}>{entry}</option>)}
        </select>
      </label>
      <label>
        Title
        <input value={title} onChange={(event) => setTitle(event.target.value)} placeholder="optional" />
      </label>
      <div className="builder-actions">
        <button type="submit" className="primary">Add tile</button>
        <button type="button" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
