import type { DashboardInput } from './dashboard-store.js';

/**
 * The dashboard a new install starts with (issue 31): documents by type, expiring soon, conversations per day,
 * open against closed, first-response time. Its tiles a user may not read say so, one by one.
 */
export const defaultDashboard: DashboardInput = {
  title: 'Overview',
  sharedWithRoles: ['owner', 'admin', 'member'],
  tiles: [
    { id: 'documents-by-type', title: 'Documents by type', chart: 'bar', query: { measures: ['Documents.count'], dimensions: ['Documents.typeName'] }, layout: { x: 0, y: 0, w: 6, h: 4 } },
    {
      id: 'expiring-soon',
      title: 'Documents expiring per week',
      chart: 'bar',
      query: { measures: ['Documents.count'], timeDimensions: [{ dimension: 'Documents.expiryDate', granularity: 'week', dateRange: 'this quarter' }] },
      layout: { x: 6, y: 0, w: 6, h: 4 },
    },
    {
      id: 'conversations-per-day',
      title: 'Conversations per day',
      chart: 'line',
      query: { measures: ['Conversations.count'], timeDimensions: [{ dimension: 'Conversations.createdAt', granularity: 'day', dateRange: 'last 30 days' }] },
      layout: { x: 0, y: 4, w: 8, h: 4 },
    },
    { id: 'open-closed', title: 'Open and closed', chart: 'pie', query: { measures: ['Conversations.count'], dimensions: ['Conversations.status'] }, layout: { x: 8, y: 4, w: 4, h: 4 } },
    {
      id: 'first-response',
      title: 'First response (minutes)',
      chart: 'number',
      query: { measures: ['Conversations.firstResponseMinutes'], timeDimensions: [{ dimension: 'Conversations.createdAt', dateRange: 'last 30 days' }] },
      layout: { x: 0, y: 8, w: 4, h: 3 },
    },
  ],
};
