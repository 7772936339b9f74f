import { useEffect, useRef } from 'react';
import type { DocumentRow } from '../graphql/documents-page-query.js';

/**
 * `?document=<id>` (where a search hit leads, together with `q=<its name>` so the list holds it): the linked
 * document once the list shows it, handed to `onFound` once per link, so closing what it opened stays closed.
 */
export function useLinkedDocument(documents: readonly DocumentRow[] | null | undefined, linkedId: string | null, onFound: (document: DocumentRow) => void): void {
  const handled = useRef<string | null>(null);
  const linked = linkedId ? documents?.find((document) => document._id === linkedId) : undefined;
  useEffect(() => {
    if (!linked || handled.current === linked._id) return;
    handled.current = linked._id;
    onFound(linked);
    // onFound is a new function each render; the linked document is what matters.
  }, [linked]);
}
