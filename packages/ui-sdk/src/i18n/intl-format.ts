/** A date as the API sends it (ISO string), a timestamp or a Date. */
export type DateValue = Date | string | number;

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function cached<Formatter extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(key: string, create: () => Formatter): Formatter {
  let formatter = cache.get(key) as Formatter | undefined;
  if (!formatter) {
    formatter = create();
    cache.set(key, formatter);
  }
  return formatter;
}

export function formatDate(locale: string, value: DateValue, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  return cached(`date|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options)).format(new Date(value));
}

export function formatNumber(locale: string, value: number, options: Intl.NumberFormatOptions = {}): string {
  return cached(`number|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options)).format(value);
}

/**
 * Has the browser set up number and date formatting for a language before a page needs it. The first
 * `Intl.NumberFormat` or `Intl.DateTimeFormat` of a page starts ICU's formatting (15–60 ms on a 2-core
 * machine, once per page); done while the page still waits for its data, that first render with a count
 * or a date no longer pays it. Leaves both default formatters in the cache, where the first use finds them.
 */
export function prepareFormatting(locale: string): void {
  formatNumber(locale, 0);
  formatDate(locale, 0);
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** How long ago or how far ahead `value` is, in the largest whole unit: "3 days ago", "vor 3 Tagen", "yesterday". */
export function formatRelativeTime(locale: string, value: DateValue, now: DateValue = Date.now()): string {
  const seconds = (new Date(value).getTime() - new Date(now).getTime()) / 1000;
  const [unit, size] = units.find(([, length]) => Math.abs(seconds) >= length) ?? ['second', 1];
  const formatter = cached(`relative|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  return formatter.format(Math.round(seconds / size), unit);
}
