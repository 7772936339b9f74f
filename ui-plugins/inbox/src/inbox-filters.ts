/**
 * The conversation list's filter, page and selection, held in the URL
 * (`/inbox/?integration=<id>&status=open|closed|all&q=<search>&page=<n>&conversation=<id>`): reload and back keep them.
 */
export type StatusFilter = 'open' | 'closed' | 'all';

export interface InboxFilters {
  integrationId: string | null;
  status: StatusFilter;
  /** Matched against subject, sender and message text; empty: no search. */
  search: string;
  /** 1-based. */
  page: number;
  conversationId: string | null;
}

const statuses: readonly StatusFilter[] = ['open', 'closed', 'all'];

/** Reads the filter from a URL's search params; an unknown status or page falls back to the first page of open ones. */
export function readInboxFilters(searchParams: URLSearchParams): InboxFilters {
  const status = searchParams.get('status');
  const page = Number(searchParams.get('page'));
  return {
    integrationId: searchParams.get('integration') || null,
    status: statuses.includes(status as StatusFilter) ? (status as StatusFilter) : 'open',
    search: searchParams.get('q') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    conversationId: searchParams.get('conversation') || null,
  };
}

/** The search params for a filter, leaving out what is the default. */
export function inboxSearchParams(filters: InboxFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.integrationId) params.set('integration', filters.integrationId);
  if (filters.status !== 'open') params.set('status', filters.status);
  if (filters.search) params.set('q', filters.search);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.conversationId) params.set('conversation', filters.conversationId);
  return params;
}

/** The `conversations` query's variables for a filter: `all` means no status argument. */
export function conversationListVariables(filters: InboxFilters, perPage: number) {
  return {
    integrationId: filters.integrationId,
    status: filters.status === 'all' ? null : filters.status,
    searchValue: filters.search.trim() || null,
    page: filters.page,
    perPage,
  };
}

/** How many pages `total` conversations fill (at least one, so that "page 1 of 1" reads right when empty). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
