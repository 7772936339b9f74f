import assert from 'node:assert/strict';
import mongoose from 'mongoose';

/**
 * Browser tests: makes the waits that failed logins put on `email` last `minutes`, as a longer run of wrong
 * passwords would (the first wait is one second, too short for a page to show). The waits themselves must
 * have been earned through `login` first; this only stretches them.
 */
export async function prolongLoginLocks(mongoUrl: string, email: string, minutes: number): Promise<void> {
  const server = await mongoose.createConnection(mongoUrl).asPromise();
  try {
    const { databases } = await server.listDatabases();
    // The test kit names it test-<run>-core; a host started by `lattice host` with no db_name, core. Several
    // platforms may share one server: only the one that counted this e-mail's failures has records to change.
    const coreDbs = databases.map(({ name }) => name).filter((name) => name === 'core' || name.endsWith('-core'));
    const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    let prolonged = 0;
    for (const coreDb of coreDbs) {
      const result = await server
        .useDb(coreDb)
        .collection<{ _id: string }>('login_failures')
        .updateMany(
          { _id: { $regex: `^(pair:[^ ]+ |account:)${escaped}$` }, lockedUntil: { $exists: true } },
          { $set: { lockedUntil: new Date(Date.now() + minutes * 60_000), windowEndsAt: new Date(Date.now() + 2 * minutes * 60_000) } },
        );
      prolonged += result.modifiedCount;
    }
    assert.ok(prolonged > 0, `no wait on ${email} to prolong`);
  } finally {
    await server.close();
  }
}
