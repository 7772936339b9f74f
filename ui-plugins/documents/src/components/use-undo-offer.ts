import { useCallback, useRef, useState } from 'react';
import type { UndoOffer } from './UndoNotification.js';

/** The one Undo on offer: a newer removal replaces the offer of an older one. */
export function useUndoOffer() {
  const [offer, setOffer] = useState<UndoOffer | null>(null);
  const next = useRef(0);
  const offerUndo = useCallback((message: string, undo: () => Promise<unknown>) => {
    next.current += 1;
    setOffer({ key: next.current, message, undo });
  }, []);
  const dismiss = useCallback(() => setOffer(null), []);
  return { offer, offerUndo, dismiss };
}
