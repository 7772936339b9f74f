import mongoose, { type Connection } from 'mongoose';

/** A plugin's own database of a test platform (`imap`, `inbox`…), read directly to count what was stored. */
export async function openPluginDatabase(mongoUrl: string, plugin: string): Promise<Connection> {
  const connection = await mongoose.createConnection(mongoUrl).asPromise();
  const { databases } = await connection.listDatabases();
  const name = databases.map((database) => database.name).find((candidate) => candidate.endsWith(`-${plugin}`));
  if (!name) {
    await connection.close();
    throw new Error(`the ${plugin} plugin has no database yet`);
  }
  return connection.useDb(name, { useCache: false });
}

/** The imap plugin's own database of a test platform, read directly to count what the flow stored. */
export function openImapDatabase(mongoUrl: string): Promise<Connection> {
  return openPluginDatabase(mongoUrl, 'imap');
}
