import { useEffect, useRef } from 'react';

/**
 * Calls `onTimeout` once `ms` have run, counting only while `paused` is false: a pause keeps the time
 * that is left instead of starting again.
 */
export function usePausableTimeout(ms: number, paused: boolean, onTimeout: () => void): void {
  const remaining = useRef(ms);
  const callback = useRef(onTimeout);
  callback.current = onTimeout;
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => callback.current(), Math.max(0, remaining.current));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused]);
}
