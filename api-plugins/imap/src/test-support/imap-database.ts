import mongoose, { type Connection } from 'mongoose';

/** The imap plugin's own database of a test platform, read directly to count what the flow stored. */
export async function openImapDatabase(mongoUrl: string): Promise<Connection> {
  const connection = await mongoose.createConnection(mongoUrl).asPromise();
  const { databases } = await connection.listDatabases();
  const name = databases.map((database) => database.name).find((candidate) => candidate.endsWith('-imap'));
  if (!name) throw new Error('the imap plugin has no database yet');
  return connection.useDb(name, { useCache: false });
}
