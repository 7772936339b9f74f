import mongoose, { type Connection } from 'mongoose';

/**
 * A connection of the plugin's own; models are defined on it, never on the global mongoose. It names the
 * plugin to the server (`appName`): MongoDB's logs and currentOp show it, and the embedded server gives each
 * named client its turn, so one plugin's burst of queries does not hold another's.
 */
export async function connectDatabase(mongoUrl: string, dbName: string, appName: string): Promise<Connection> {
  const connection = mongoose.createConnection(mongoUrl, { dbName, appName, serverSelectionTimeoutMS: 10_000 });
  return connection.asPromise();
}
