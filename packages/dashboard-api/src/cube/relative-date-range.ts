import { InputError } from '@lattice/plugin-sdk';

const day = 86_400_000;

function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function startOfWeek(date: Date): Date {
  const start = startOfDay(date);
  return new Date(start.getTime() - ((start.getUTCDay() + 6) % 7) * day);
}

function startOfMonth(date: Date, monthsLater = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + monthsLater, 1));
}

function startOfQuarter(date: Date, quartersLater = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), Math.floor(date.getUTCMonth() / 3) * 3 + quartersLater * 3, 1));
}

function startOfYear(date: Date, yearsLater = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear() + yearsLater, 0, 1));
}

const justBefore = (date: Date) => new Date(date.getTime() - 1);

/** Cube's time format (UTC, without a zone), as its responses give date ranges. */
export function cubeTime(date: Date): string {
  return date.toISOString().slice(0, 23);
}

/**
 * A Cube date range as two instants: an absolute pair (`['2026-01-01', '2026-01-31']`, a day meaning the whole
 * day), or one of Cube's relative phrases (`today`, `yesterday`, `this week|month|quarter|year`,
 * `last week|month|quarter|year`, `last N days|weeks|months`), read on `now` in UTC.
 */
export function resolveDateRange(range: string | readonly string[], now = new Date()): [Date, Date] {
  if (typeof range !== 'string') {
    if (range.length !== 2) throw new InputError('A dateRange is two dates, from and to, or a phrase such as "last 7 days"');
    const [from, to] = range.map((text) => new Date(text)) as [Date, Date];
    if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) throw new InputError(`dateRange has a value that is not a date: ${JSON.stringify(range)}`);
    const end = /^\d{4}-\d{2}-\d{2}$/.test(range[1]!) ? new Date(to.getTime() + day - 1) : to;
    return [from, end];
  }
  const phrase = range.trim().toLowerCase();
  const today = startOfDay(now);
  const periods: Record<string, () => [Date, Date]> = {
    today: () => [today, justBefore(new Date(today.getTime() + day))],
    yesterday: () => [new Date(today.getTime() - day), justBefore(today)],
    'this week': () => [startOfWeek(now), justBefore(new Date(startOfWeek(now).getTime() + 7 * day))],
    'last week': () => [new Date(startOfWeek(now).getTime() - 7 * day), justBefore(startOfWeek(now))],
    'this month': () => [startOfMonth(now), justBefore(startOfMonth(now, 1))],
    'last month': () => [startOfMonth(now, -1), justBefore(startOfMonth(now))],
    'this quarter': () => [startOfQuarter(now), justBefore(startOfQuarter(now, 1))],
    'last quarter': () => [startOfQuarter(now, -1), justBefore(startOfQuarter(now))],
    'this year': () => [startOfYear(now), justBefore(startOfYear(now, 1))],
    'last year': () => [startOfYear(now, -1), justBefore(startOfYear(now))],
  };
  const period = periods[phrase];
  if (period) return period();
  const last = /^last (\d{1,4}) (day|week|month)s?$/.exec(phrase);
  if (last) {
    const count = Number(last[1]);
    const end = justBefore(new Date(today.getTime() + day));
    if (last[2] === 'day') return [new Date(today.getTime() - (count - 1) * day), end];
    if (last[2] === 'week') return [new Date(today.getTime() - (count * 7 - 1) * day), end];
    return [new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - count, today.getUTCDate() + 1)), end];
  }
  throw new InputError(`dateRange "${range}" is not understood: give two dates or a phrase such as "last 7 days", "this month", "yesterday"`);
}
