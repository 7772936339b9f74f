import type { Connection } from 'mongoose';

/**
 * A plugin's models are defined on the connection its host hands in, once per connection (mongoose
 * refuses to define a model twice); this turns the plugin's `define` into that cached loader.
 */
export function modelsPerConnection<TModels>(define: (db: Connection) => TModels): (db: Connection) => TModels {
  const byConnection = new WeakMap<Connection, TModels>();
  return (db) => {
    let models = byConnection.get(db);
    if (!models) {
      models = define(db);
      byConnection.set(db, models);
    }
    return models;
  };
}

/** MongoDB's E11000: a write broke a unique index. */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}
