import type { DashboardRow } from '@lattice/contracts';
import type { DashboardDataset } from '@lattice/plugin-sdk';
import { dimensionMeta, measureMeta } from './cube-meta.js';
import type { ParsedCubeQuery } from './parse-cube-query.js';

function annotationEntry(meta: { title: string; shortTitle: string; type: string }) {
  return { title: meta.title, shortTitle: meta.shortTitle, type: meta.type, drillMembers: [], drillMembersGrouped: { measures: [], dimensions: [] } };
}

/** One result of Cube's `/v1/load`: the query as run, its rows and what each member is (`annotation`). */
export function cubeLoadResult(dataset: DashboardDataset, query: ParsedCubeQuery, rows: DashboardRow[], lastRefreshTime: Date) {
  const shortName = (member: string) => member.slice(dataset.name.length + 1);
  const measures = Object.fromEntries(
    query.load.measures.map((member) => [member, annotationEntry(measureMeta(dataset, shortName(member), dataset.measures[shortName(member)]!))]),
  );
  const dimensions = Object.fromEntries(
    query.load.dimensions.map((member) => [member, annotationEntry(dimensionMeta(dataset, shortName(member), dataset.dimensions[shortName(member)]!))]),
  );
  const timeDimensions: Record<string, unknown> = {};
  for (const time of query.load.timeDimensions) {
    const meta = dimensionMeta(dataset, shortName(time.dimension), dataset.dimensions[shortName(time.dimension)]!);
    timeDimensions[time.dimension] = annotationEntry(meta);
    if (time.granularity) {
      timeDimensions[`${time.dimension}.${time.granularity}`] = {
        ...annotationEntry({ ...meta, title: `${meta.title} ${time.granularity}`, shortTitle: `${meta.shortTitle} ${time.granularity}` }),
        granularity: { name: time.granularity, title: time.granularity, interval: `1 ${time.granularity}` },
      };
    }
  }
  return {
    query: query.normalized,
    data: rows,
    lastRefreshTime: lastRefreshTime.toISOString(),
    annotation: { measures, dimensions, segments: {}, timeDimensions },
    dataSource: 'default',
    dbType: 'mongodb',
    external: false,
    slowQuery: false,
    total: null,
  };
}
