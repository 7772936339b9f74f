import { documentOrder } from '../models/document.js';
import { defaultPerPage, type DocumentsArgs } from './arguments.js';

/** Regular-expression text matching `value` literally. */
function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The Mongo filter of a list or count: one type (non-empty typeId) and a case-insensitive name search. */
export function documentsFilter({ typeId, searchValue }: Pick<DocumentsArgs, 'typeId' | 'searchValue'>) {
  const filter: Record<string, unknown> = {};
  if (typeId) filter.typeId = typeId;
  const search = searchValue?.trim();
  if (search) filter.name = { $regex: escapeRegExp(search), $options: 'i' };
  return filter;
}

/**
 * Sort, skip and limit of a list. Without sortField: SPEC.md's order (order, then name). Without page
 * and perPage: every document (SPEC.md's call); with either, one page (page 1, 20 per page by default).
 * `_id` breaks ties so that pages never overlap or skip a document.
 */
export function documentsWindow({ page, perPage, sortField, sortDirection }: DocumentsArgs) {
  const direction = sortDirection === 'desc' ? -1 : 1;
  const sort: Record<string, 1 | -1> = sortField ? { [sortField]: direction, _id: 1 } : { ...documentOrder, _id: 1 };
  if (page == null && perPage == null) return { sort, skip: 0, limit: 0 };
  const size = perPage ?? defaultPerPage;
  return { sort, skip: ((page ?? 1) - 1) * size, limit: size };
}
