import { after, before } from 'node:test';
import { type Collection, type Db, type Document, MongoClient } from 'mongodb';
import { startTestTarget, uniqueDbName, type TestTarget } from './test-server.js';

/** A document whose `_id` the test picks (a number). */
export type NumberedDoc = { _id: number; [key: string]: unknown };

export interface DriverFixture {
  readonly db: Db;
  readonly client: MongoClient;
  readonly target: TestTarget;
  /** A new collection of this database holding `docs`. */
  fresh(docs: Document[]): Promise<Collection<NumberedDoc>>;
}

/** An `assert.rejects` check that the error carries one of the codes. */
export const hasCode =
  (...codes: number[]) =>
  (error: { code?: number }): boolean =>
    codes.includes(error.code ?? Number.NaN);

/**
 * Registers before/after hooks that connect the official driver to a fresh database on the
 * embedded server (or `MONGO_URL`) and drop it afterwards. Read the fields inside tests.
 */
export function useDriver(prefix: string): DriverFixture {
  const state: { db?: Db; client?: MongoClient; target?: TestTarget } = {};
  before(async () => {
    state.target = await startTestTarget();
    state.client = await MongoClient.connect(state.target.uri);
    state.db = state.client.db(uniqueDbName(prefix));
  });
  after(async () => {
    await state.db?.dropDatabase();
    await state.client?.close();
    await state.target?.stop();
  });
  let collections = 0;
  return {
    async fresh(docs) {
      const collection = required(state.db).collection<NumberedDoc>(`c${++collections}`);
      await collection.insertMany(docs.map((doc) => ({ ...doc }) as NumberedDoc));
      return collection;
    },
    get db() {
      return required(state.db);
    },
    get client() {
      return required(state.client);
    },
    get target() {
      return required(state.target);
    },
  };
}

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('fixture used outside a test');
  return value;
}
