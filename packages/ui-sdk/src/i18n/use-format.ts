import { useMemo } from 'react';
import { formatDate, formatNumber, formatRelativeTime, type DateValue } from './intl-format.js';
import { useLocale } from './locale-context.js';

export interface Formatters {
  /** A date (default: `{ dateStyle: 'medium' }`, "Nov 26, 2026" / "26.11.2026"); any `Intl.DateTimeFormat` options. */
  date: (value: DateValue, options?: Intl.DateTimeFormatOptions) => string;
  /** A date with its time ("Nov 26, 2026, 2:05 PM" / "26.11.2026, 14:05"). */
  dateTime: (value: DateValue) => string;
  /** A number ("1,234.5" / "1.234,5"); any `Intl.NumberFormat` options (currency, percent, units). */
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
  /** How long ago or ahead, in the largest whole unit ("3 days ago" / "vor 3 Tagen"). */
  relativeTime: (value: DateValue, now?: DateValue) => string;
}

/** Dates and numbers through `Intl`, in the active language. */
export function useFormat(): Formatters {
  const { locale } = useLocale();
  return useMemo(
    () => ({
      date: (value, options) => formatDate(locale, value, options),
      dateTime: (value) => formatDate(locale, value, { dateStyle: 'medium', timeStyle: 'short' }),
      number: (value, options) => formatNumber(locale, value, options),
      relativeTime: (value, now) => formatRelativeTime(locale, value, now),
    }),
    [locale],
  );
}
