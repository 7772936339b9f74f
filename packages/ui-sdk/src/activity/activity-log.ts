import { gql, type TypedDocumentNode } from '@apollo/client';

/** One entry of the `logs` plugin: who changed what, when, in which plugin. */
export interface ActivityLog {
  _id: string;
  /** ISO 8601. */
  createdAt: string | null;
  /** The id of the user who made the change (or the platform's name for itself). */
  createdBy: string | null;
  plugin: string | null;
  action: string | null;
  /** `<plugin>:<type>`, e.g. `documents:document`; null for an entry about no one record. */
  contentType: string | null;
  contentId: string | null;
  /** Each changed field's before and after. */
  changes: unknown;
}

export const activityLogFields = gql`
  fragment ActivityLogFields on ActivityLog {
    _id
    createdAt
    createdBy
    plugin
    action
    contentType
    contentId
    changes
  }
`;

export const activityLogsQuery: TypedDocumentNode<{ activityLogs: Array<ActivityLog | null> | null }, { contentType: string; contentId: string; page?: number; perPage?: number }> = gql`
  query ActivityLogs($contentType: String!, $contentId: String!, $page: Int, $perPage: Int) {
    activityLogs(contentType: $contentType, contentId: $contentId, page: $page, perPage: $perPage) {
      ...ActivityLogFields
    }
  }
  ${activityLogFields}
`;

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The changed fields of an entry, whichever of the two shapes it holds: `{ name: { before, after } }` or
 * `[{ field, before, after }]`. Anything else shows as one unnamed change rather than vanishing.
 */
export function changedFields(changes: unknown): FieldChange[] {
  if (changes == null) return [];
  if (Array.isArray(changes)) {
    return changes.filter(isRecord).map((change) => ({ field: String(change.field ?? change.name ?? ''), before: change.before, after: change.after }));
  }
  if (isRecord(changes)) {
    return Object.entries(changes).map(([field, change]) => (isRecord(change) && ('before' in change || 'after' in change) ? { field, before: change.before, after: change.after } : { field, before: undefined, after: change }));
  }
  return [{ field: '', before: undefined, after: changes }];
}

/** A field's value as text: strings as they are, nothing as an em dash, anything else as JSON. */
export function changeValueText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
