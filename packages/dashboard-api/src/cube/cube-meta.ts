import type { DashboardDataset, DashboardDimension, DashboardMeasure } from '@lattice/plugin-sdk';

const noDrill = { drillMembers: [], drillMembersGrouped: { measures: [], dimensions: [] } };

export function measureMeta(dataset: DashboardDataset, name: string, measure: DashboardMeasure) {
  return {
    name: `${dataset.name}.${name}`,
    title: `${dataset.title} ${measure.title}`,
    shortTitle: measure.title,
    type: 'number',
    aggType: measure.type,
    cumulative: false,
    cumulativeTotal: false,
    isVisible: true,
    public: true,
    ...noDrill,
  };
}

export function dimensionMeta(dataset: DashboardDataset, name: string, dimension: DashboardDimension) {
  return {
    name: `${dataset.name}.${name}`,
    title: `${dataset.title} ${dimension.title}`,
    shortTitle: dimension.title,
    type: dimension.type,
    suggestFilterValues: true,
    isVisible: true,
    public: true,
    primaryKey: false,
  };
}

/** Cube's `/v1/meta` entry for one dataset (a cube), with the permission it needs as Lattice's own `meta`. */
export function cubeOf(dataset: DashboardDataset) {
  return {
    name: dataset.name,
    title: dataset.title,
    description: dataset.description,
    type: 'cube',
    isVisible: true,
    public: true,
    measures: Object.entries(dataset.measures).map(([name, measure]) => measureMeta(dataset, name, measure)),
    dimensions: Object.entries(dataset.dimensions).map(([name, dimension]) => dimensionMeta(dataset, name, dimension)),
    segments: [],
    hierarchies: [],
    folders: [],
    nestedFolders: [],
    meta: { permission: dataset.permission },
  };
}
