import { useCallback } from 'react';
import { useFormat, type Formatters } from '@lattice/ui-sdk';

/**
 * A stored date with its time, in the active language and the browser's time zone ("Nov 22, 2026, 7:41 AM",
 * "22.11.2026, 07:41"); a dash when missing or invalid.
 */
export function formatWhen(format: Pick<Formatters, 'dateTime'>, value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return format.dateTime(date);
}

/** `formatWhen` with the active language's formatter. */
export function useFormatWhen(): (value: string | null | undefined) => string {
  const format = useFormat();
  return useCallback((value) => formatWhen(format, value), [format]);
}
