import { defineDashboardDataset } from '@lattice/plugin-sdk';

/** What the dashboard may chart of documents: how many, by type, by when they were made and when they expire. */
export const documentsDatasets = [
  defineDashboardDataset({
    name: 'Documents',
    title: 'Documents',
    collection: 'documents',
    permission: 'documents:showDocuments',
    measures: {
      count: { type: 'count', title: 'Documents' },
      checkedCount: { type: 'count', title: 'Checked documents', where: { checked: true } },
      types: { type: 'countDistinct', title: 'Types used', field: 'typeId' },
    },
    dimensions: {
      typeName: { type: 'string', title: 'Type', field: 'typeId', related: { collection: 'document_types', show: 'name' } },
      name: { type: 'string', title: 'Name', field: 'name' },
      checked: { type: 'boolean', title: 'Checked', field: 'checked' },
      createdAt: { type: 'time', title: 'Created', field: 'createdAt' },
      expiryDate: { type: 'time', title: 'Expires', field: 'expiryDate' },
    },
  }),
];
