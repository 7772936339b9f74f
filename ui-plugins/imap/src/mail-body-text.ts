// Tags whose presence makes a body HTML. The name must end at a space, "/" or ">", so an address in
// plain text such as "<a@mail.test>" or "<b.berg@mail.test>" is not mistaken for a tag.
const htmlTag = /<\/?(?:!doctype|html|head|body|p|br|div|span|a|b|i|u|em|strong|font|img|hr|table|thead|tbody|tr|td|th|ul|ol|li|h[1-6]|blockquote|pre|center|style|script|meta|title)(?=[\s/>])[^>]*>/i;

// Elements that end a line when HTML is read as text.
const lineBreakTag = /<(?:br|hr)\b[^>]*>|<\/(?:p|div|li|tr|h[1-6]|blockquote|pre|table|ul|ol)\s*>/gi;

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function looksLikeHtml(body: string): boolean {
  return htmlTag.test(body);
}

function decodeEntity(entity: string, code: string): string {
  const lower = code.toLowerCase();
  const number = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : lower.startsWith('#') ? Number.parseInt(lower.slice(1), 10) : NaN;
  if (Number.isInteger(number) && number > 0 && number <= 0x10ffff) return String.fromCodePoint(number);
  return namedEntities[lower] ?? entity;
}

/** The readable text of an HTML body: no tags, scripts or styles, entities decoded, one line per block. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    // Source line breaks mean nothing in HTML; only the elements below break lines.
    .replace(/\s+/g, ' ')
    .replace(lineBreakTag, '\n')
    .replace(/<[^>]*>/g, '')
    // One pass, so "&amp;lt;" becomes "&lt;" and not "<".
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, decodeEntity);
  return text
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** What the message view shows of a body: plain text as it is, HTML as its text. Never markup. */
export function mailBodyText(body: string): string {
  return looksLikeHtml(body) ? htmlToText(body) : body;
}
