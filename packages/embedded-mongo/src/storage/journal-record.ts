import type { Document } from 'bson';
import type { Catalog } from './catalog.js';
import type { IndexSpec } from './index-spec.js';

/**
 * One change as the journal and snapshots record it. Every record is idempotent (a `put` carries
 * the whole document), so replaying a journal over a snapshot that already contains some of its
 * records gives the same state.
 */
export type JournalRecord =
  | { op: 'create'; d: string; c: string; options: Document }
  | { op: 'drop'; d: string; c: string }
  | { op: 'options'; d: string; c: string; options: Document }
  | { op: 'dropDatabase'; d: string }
  | { op: 'index'; d: string; c: string; spec: IndexSpec }
  | { op: 'dropIndex'; d: string; c: string; name: string }
  | { op: 'put'; d: string; c: string; doc: Document }
  | { op: 'del'; d: string; c: string; id: unknown }
  | { op: 'end' };

export function applyRecord(catalog: Catalog, raw: Document): void {
  const record = raw as JournalRecord;
  switch (record.op) {
    case 'create':
      catalog.ensure(record.d, record.c, record.options);
      return;
    case 'drop':
      catalog.drop(record.d, record.c);
      return;
    case 'options':
      catalog.ensure(record.d, record.c).collection.setOptions(record.options);
      return;
    case 'dropDatabase':
      catalog.dropDatabase(record.d);
      return;
    case 'index': {
      const { collection } = catalog.ensure(record.d, record.c);
      collection.dropIndex(record.spec.name);
      collection.addIndex(record.spec);
      return;
    }
    case 'dropIndex':
      catalog.get(record.d, record.c)?.dropIndex(record.name);
      return;
    case 'put':
      catalog.ensure(record.d, record.c).collection.put(record.doc);
      return;
    case 'del': {
      const collection = catalog.get(record.d, record.c);
      const doc = collection?.get(record.id);
      if (collection && doc) collection.remove(doc);
      return;
    }
    case 'end':
      return;
  }
}

/** The whole catalog as records, for a snapshot. */
export function* dumpCatalog(catalog: Catalog): Generator<JournalRecord> {
  for (const d of catalog.databaseNames()) {
    for (const collection of catalog.collections(d)) {
      const c = collection.name;
      yield { op: 'create', d, c, options: collection.options };
      for (const spec of collection.indexSpecs()) if (spec.name !== '_id_') yield { op: 'index', d, c, spec };
      for (const doc of collection.docs.values()) yield { op: 'put', d, c, doc };
    }
  }
  yield { op: 'end' };
}
