import { after, before } from 'node:test';
import { type Db, MongoClient } from 'mongodb';
import { startTestTarget, uniqueDbName, type TestTarget } from './test-server.js';

export interface DriverFixture {
  readonly db: Db;
  readonly client: MongoClient;
  readonly target: TestTarget;
}

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
  return {
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
