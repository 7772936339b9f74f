import { analyzeWord } from '../analysis/analyzer.js';

export interface HighlightOptions {
  preTag: string;
  postTag: string;
  /** 'html' escapes the text around the tags, as Elasticsearch's html encoder does. */
  encoder: 'default' | 'html';
  fragmentSize: number;
  /** 0: the whole field, highlighted. */
  fragments: number;
}

const WORD = /[\p{L}\p{N}]+/gu;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The fragments of `text` around the words whose index terms matched, the words wrapped in the tags. */
export function highlightText(text: string, matched: Set<string>, options: HighlightOptions): string[] {
  const spans: Array<[number, number]> = [];
  for (const word of text.matchAll(WORD)) {
    if (analyzeWord(word[0]).some((term) => matched.has(term))) spans.push([word.index, word.index + word[0].length]);
  }
  if (spans.length === 0) return [];
  const encode = options.encoder === 'html' ? escapeHtml : (s: string): string => s;
  const render = (from: number, to: number): string => {
    let out = '';
    let at = from;
    for (const [start, end] of spans) {
      if (end <= from || start >= to) continue;
      out += encode(text.slice(at, start)) + options.preTag + encode(text.slice(start, end)) + options.postTag;
      at = end;
    }
    return out + encode(text.slice(at, to));
  };
  if (options.fragments === 0 || text.length <= options.fragmentSize) return [render(0, text.length)];
  const fragments: string[] = [];
  let coveredTo = -1;
  for (const [start] of spans) {
    if (fragments.length >= options.fragments) break;
    if (start < coveredTo) continue;
    const from = wordBoundaryBefore(text, Math.max(0, start - Math.floor(options.fragmentSize / 3)));
    const to = wordBoundaryAfter(text, Math.min(text.length, from + options.fragmentSize));
    fragments.push(render(from, to).trim());
    coveredTo = to;
  }
  return fragments;
}

function wordBoundaryBefore(text: string, at: number): number {
  let i = at;
  while (i > 0 && /[\p{L}\p{N}]/u.test(text[i - 1] as string)) i -= 1;
  return i;
}

function wordBoundaryAfter(text: string, at: number): number {
  let i = at;
  while (i < text.length && /[\p{L}\p{N}]/u.test(text[i] as string)) i += 1;
  return i;
}
