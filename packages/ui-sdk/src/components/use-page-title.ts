import { useEffect } from 'react';

/** Sets the browser tab's title to `<page> · Lattice` while the calling page is shown. */
export function usePageTitle(page: string | null | undefined) {
  useEffect(() => {
    document.title = page ? `${page} · Lattice` : 'Lattice';
  }, [page]);
}
