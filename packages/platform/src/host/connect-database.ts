import mongoose, { type Connection } from 'mongoose';

/** A connection of the plugin's own; models are defined on it, never on the global mongoose. */
export async function connectDatabase(mongoUrl: string, dbName: string): Promise<Connection> {
  const connection = mongoose.createConnection(mongoUrl, { dbName, serverSelectionTimeoutMS: 10_000 });
  return connection.asPromise();
}
