import type { SearchHitRow } from '../../graphql/search-query.js';

/** The hits grouped by type, in the order the types first appear (the best hit's type first). */
export function groupByType(hits: readonly SearchHitRow[]): Array<{ type: string; hits: SearchHitRow[] }> {
  const groups = new Map<string, SearchHitRow[]>();
  for (const hit of hits) {
    const type = hit.type ?? '';
    groups.set(type, [...(groups.get(type) ?? []), hit]);
  }
  return [...groups].map(([type, grouped]) => ({ type, hits: grouped }));
}

const ENTITY = /&#(\d+);|&(amp|lt|gt|quot);/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };

/** A snippet as text parts, each marked or not: rendered as text nodes, never as HTML. */
export function snippetParts(snippet: string): Array<{ text: string; marked: boolean }> {
  const decode = (text: string) => text.replace(ENTITY, (_, code: string | undefined, name: string | undefined) => (code ? String.fromCharCode(Number(code)) : (NAMED[name ?? ''] ?? '')));
  return snippet
    .split(/(<mark>.*?<\/mark>)/)
    .filter((part) => part !== '')
    .map((part) => (part.startsWith('<mark>') ? { text: decode(part.slice(6, -7)), marked: true } : { text: decode(part), marked: false }));
}
