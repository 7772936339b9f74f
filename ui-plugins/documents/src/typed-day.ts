/**
 * A day typed into the expiry field, as the `YYYY-MM-DD` the field holds, or null while it is not one yet.
 * Takes `2031-02-28`, the numeric form of the active language (`28.02.2031` in German, `2/28/2031` in
 * English: the order of day and month is the language's) and, in English, what the field shows
 * (`Feb 28, 2031`). Only a four-digit year counts, so a year half typed is not taken for another.
 */
export function parseTypedDay(text: string, locale: string): string | null {
  const typed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(typed);
  if (iso) return dayOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(typed);
  if (numeric) {
    const [first, second] = [Number(numeric[1]), Number(numeric[2])];
    return dayFirst(locale) ? dayOf(Number(numeric[3]), second, first) : dayOf(Number(numeric[3]), first, second);
  }
  // The browser reads English month names ("Feb 28, 2031") as that day's local midnight.
  if (!/[a-z]/i.test(typed) || !/\d{4}/.test(typed)) return null;
  const parsed = new Date(typed);
  return Number.isNaN(parsed.getTime()) ? null : dayOf(parsed.getFullYear(), parsed.getMonth() + 1, parsed.getDate());
}

function dayFirst(locale: string): boolean {
  const parts = new Intl.DateTimeFormat(locale, { timeZone: 'UTC' }).formatToParts(Date.UTC(2000, 10, 22)).map((part) => part.type);
  return parts.indexOf('day') < parts.indexOf('month');
}

/** `YYYY-MM-DD`, or null for a day the calendar does not have (31 April). */
function dayOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}
