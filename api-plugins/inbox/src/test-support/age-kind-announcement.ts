import assert from 'node:assert/strict';
import mongoose from 'mongoose';

/**
 * As if the kind's plugin had stopped long ago: its last announcement is made older than the inbox waits for
 * (after `stopPlugin`, which alone leaves the kind offered for up to 90 s). `mongoUrl` is the platform's server.
 */
export async function ageKindAnnouncement(mongoUrl: string, kind: string): Promise<void> {
  const server = await mongoose.createConnection(mongoUrl).asPromise();
  try {
    const { databases } = await server.listDatabases();
    // The test kit names it test-<run>-inbox; a host started by `lattice host` with no db_name, inbox.
    const inboxDb = databases.map(({ name }) => name).find((name) => name === 'inbox' || name.endsWith('-inbox'));
    assert.ok(inboxDb, 'the inbox database');
    await server.useDb(inboxDb).collection('integration_kinds').updateOne({ kind }, { $set: { announcedAt: new Date(Date.now() - 10 * 60_000) } });
  } finally {
    await server.close();
  }
}
