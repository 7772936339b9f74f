import { traceDatabaseCommands, tracingOn } from '@lattice/contracts/tracing';
import mongoose, { type Connection } from 'mongoose';

/**
 * A connection of the plugin's own; models are defined on it, never on the global mongoose. It names the
 * plugin to the server (`appName`): MongoDB's logs and currentOp show it, and the embedded server gives each
 * named client its turn, so one plugin's burst of queries does not hold another's. With tracing on, each
 * command is a span of the request or message it serves (command monitoring: off otherwise).
 */
export async function connectDatabase(mongoUrl: string, dbName: string, appName: string): Promise<Connection> {
  const traced = tracingOn();
  const connection = mongoose.createConnection(mongoUrl, { dbName, appName, serverSelectionTimeoutMS: 10_000, ...(traced ? { monitorCommands: true } : {}) });
  await connection.asPromise();
  if (traced) traceDatabaseCommands(connection.getClient());
  return connection;
}
