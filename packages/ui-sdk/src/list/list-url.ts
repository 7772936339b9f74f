import { useEffect } from 'react';
import { useSearchParams } from '../components/router.js';

export type SortDirection = 'asc' | 'desc';

/** Changes some of the URL's parameters (null or '' removes one); `replace` replaces the history entry. */
export type ChangeListUrl = (next: Record<string, string | null>, replace?: boolean) => void;

/**
 * A list page's state in its URL (`?q=<search>&sort=<field>&dir=desc&page=<n>`, and whatever else the page
 * keeps there), so reload and back/forward keep it. `change` sets some parameters; any change but the page
 * itself starts again from page 1. Typing a search (a change of `q`) replaces the history entry instead of
 * adding one.
 */
export function useListUrl(): { searchParams: URLSearchParams; change: ChangeListUrl } {
  const [searchParams, setSearchParams] = useSearchParams();
  const change: ChangeListUrl = (next, replace = 'q' in next) => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value) params.set(key, value);
          else params.delete(key);
        }
        if (!('page' in next)) params.delete('page');
        return params;
      },
      { replace },
    );
  };
  return { searchParams, change };
}

/** The URL change that sorts by `field`: ascending first, pressed again descending. */
export function sortChange(field: string, sortField: string | null, sortDirection: SortDirection | null): Record<string, string | null> {
  return { sort: field, dir: sortField === field && sortDirection === 'asc' ? 'desc' : null };
}

/** How many pages `matching` rows fill, at least one. */
export function pageCountOf(matching: number | null | undefined, perPage: number): number {
  return Math.max(1, Math.ceil((matching ?? 0) / perPage));
}

/**
 * A page past the end (its last row removed, rows merged away, an old link): once the count is known
 * (`counted`), go to the last page there is, replacing the history entry.
 */
export function useLastPageWithin(page: number, pageCount: number, counted: boolean, change: ChangeListUrl): void {
  const pastTheEnd = counted && page > pageCount;
  useEffect(() => {
    if (pastTheEnd) change({ page: pageCount > 1 ? String(pageCount) : null }, true);
    // change() is a new function each render; the page count is what matters here.
  }, [pastTheEnd, pageCount]);
}
