/** A plain-text mail split into what the sender wrote and the history they quoted below it. */
export interface SplitText {
  own: string;
  quoted: string;
}

const quotedLine = /^\s*>/;
// "On Mon, 2 Mar 2026 Alice <a@b> wrote:", "Am 02.03.2026 schrieb Alice:", "-----Original Message-----".
const attributionLine = /\b(wrote|schrieb|a écrit|escribió)\b.*:$/i;

/**
 * Folds the quoted history: everything from the first quoted line (`> …`), with the attribution line just
 * above it, on. A mail without one is all its own. Only a quote after some text of its own is folded, so a
 * mail that is nothing but a forwarded quote still shows.
 */
export function splitQuotedText(body: string): SplitText {
  const lines = body.split(/\r?\n/);
  let start = lines.findIndex((line) => quotedLine.test(line) || /^-{2,}\s*(original message|ursprüngliche nachricht)/i.test(line.trim()));
  if (start < 0) return { own: body, quoted: '' };
  let attribution = start - 1;
  while (attribution >= 0 && lines[attribution]!.trim() === '') attribution -= 1;
  if (attribution >= 0 && attributionLine.test(lines[attribution]!.trim())) start = attribution;
  const own = lines.slice(0, start).join('\n').trimEnd();
  if (!own.trim()) return { own: body, quoted: '' };
  return { own, quoted: lines.slice(start).join('\n') };
}
