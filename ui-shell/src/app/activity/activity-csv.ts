import type { ActivityLog } from '@lattice/ui-sdk';

// A cell a spreadsheet would run as a formula starts with one of these; a leading apostrophe keeps it text.
const formulaStart = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled; never a formula. */
export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const columns = ['createdAt', 'createdBy', 'user', 'plugin', 'action', 'contentType', 'contentId', 'changes'] as const;

/** The entries as CSV with a header line and CRLF line ends; `nameOf` names each author. */
export function activityCsv(entries: ActivityLog[], nameOf: (userId: string | null) => string): string {
  const lines = [columns.join(',')];
  for (const entry of entries) {
    const row = { ...entry, user: nameOf(entry.createdBy) };
    lines.push(columns.map((column) => csvCell(row[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
