import { stemmer as englishStem } from '@orama/stemmers/english';
import { stemmer as germanStem } from '@orama/stemmers/german';

const WORD = /[\p{L}\p{N}]+/gu;
/** Longer input is cut: no field or query term needs more, and it bounds the work of one request. */
const MAX_TERM_LENGTH = 64;

/** The words of a text, in order (letters and digits of any script). */
export function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

/**
 * Stemming is most of the cost of indexing a record, and text repeats its words (a few thousand make up most of
 * any text), so the terms of a word are remembered. Bounded: cleared when full, which costs one re-stemming each.
 */
const ANALYZED_CACHE_SIZE = 200_000;
const analyzed = new Map<string, readonly string[]>();

/**
 * The index terms of one word: lower-cased, folded, and stemmed for English and for German (both, since a
 * record does not say its language), so "invoices" finds "invoice" and "Rechnungen" finds "Rechnung".
 * The list answered is shared: callers must not change it.
 */
export function analyzeWord(word: string): readonly string[] {
  let terms = analyzed.get(word);
  if (terms === undefined) {
    if (analyzed.size >= ANALYZED_CACHE_SIZE) analyzed.clear();
    terms = stem(word);
    analyzed.set(word, terms);
  }
  return terms;
}

function stem(word: string): string[] {
  const lower = word.normalize('NFKC').toLowerCase().slice(0, MAX_TERM_LENGTH);
  if (lower.length < 3 || /^\p{N}+$/u.test(lower)) return [lower];
  const english = englishStem(lower);
  const german = germanStem(lower);
  return english === german ? [english] : [english, german];
}

/** The plain lower-cased form of a word, for prefix matching while the user is still typing it. */
export function foldWord(word: string): string {
  return word.normalize('NFKC').toLowerCase().slice(0, MAX_TERM_LENGTH);
}
