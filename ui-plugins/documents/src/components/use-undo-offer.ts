import { useCallback, useRef, useState } from 'react';
import type { RemovedMessage, UndoOffer } from './UndoNotification.js';

/** The one Undo on offer: a newer removal replaces the offer of an older one. */
export function useUndoOffer() {
  const [offer, setOffer] = useState<UndoOffer | null>(null);
  const next = useRef(0);
  const offerUndo = useCallback((message: RemovedMessage, undo: () => Promise<unknown>) => {
    next.current += 1;
    setOffer({ key: next.current, message, undo });
  }, []);
  // Only the offer that asks: an Undo still running must not close a newer removal's offer.
  const dismiss = useCallback((key: number) => setOffer((current) => (current?.key === key ? null : current)), []);
  return { offer, offerUndo, dismiss };
}
