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

/** Why what was typed into the expiry field cannot be saved: not a day, or a year the server refuses. */
export type TypedDayProblem = 'notADay' | 'outOfRange';

/** The years an expiry date may have (the server refuses others, as 0001-01-01). */
export const expiryYears = { from: 1900, to: 9999 } as const;

/**
 * What is wrong with the text in the expiry field, or null when it may be saved: empty (no expiry) or a day
 * of the calendar (31/02/2026 is none) in the years the server takes.
 */
export function typedDayProblem(text: string, locale: string): TypedDayProblem | null {
  if (!text.trim()) return null;
  const day = parseTypedDay(text, locale);
  if (!day) {
    // 0001-01-01 is a calendar day, though one JavaScript's Date cannot hold as typed: say it is out of range.
    const year = /(?:^|\D)(\d{4})(?:\D|$)/.exec(text)?.[1];
    return year && (Number(year) < expiryYears.from || Number(year) > expiryYears.to) ? 'outOfRange' : 'notADay';
  }
  const year = Number(day.slice(0, 4));
  return year < expiryYears.from || year > expiryYears.to ? 'outOfRange' : null;
}
