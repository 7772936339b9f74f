import { after, before } from 'node:test';
import mongoose, { type Connection } from 'mongoose';
import { startTestTarget, uniqueDbName, type TestTarget } from './test-server.js';

/**
 * Registers before/after hooks that open a mongoose connection to a fresh database on the embedded
 * server (or `MONGO_URL`) and drop it afterwards. Read `conn` inside tests.
 */
export function useMongoose(prefix: string): { readonly conn: Connection } {
  let target: TestTarget | undefined;
  let conn: Connection | undefined;
  before(async () => {
    target = await startTestTarget();
    conn = await mongoose.createConnection(target.uri, { dbName: uniqueDbName(prefix) }).asPromise();
  });
  after(async () => {
    await conn?.dropDatabase();
    await conn?.close();
    await target?.stop();
  });
  return {
    get conn() {
      if (!conn) throw new Error('fixture used outside a test');
      return conn;
    },
  };
}
