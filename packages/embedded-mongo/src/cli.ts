#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { isLoopbackHost } from './auth/loopback-host.js';
import { startEmbeddedMongo } from './server/embedded-server.js';

const usage =
  'usage: embedded-mongo [--dbpath <dir>] [--port <n>] [--host <addr>] [--username <name>] [--slowms <ms>]   (no --dbpath: in memory; --port 0: any free port;\n' +
  '  the password comes from EMBEDDED_MONGO_PASSWORD; without both, a random user for this run, printed in the URI)';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dbpath: { type: 'string' },
      port: { type: 'string', default: '27017' },
      host: { type: 'string', default: '127.0.0.1' },
      username: { type: 'string' },
      slowms: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be an integer 0-65535, got ${values.port}`);
  const slowMs = values.slowms === undefined ? undefined : Number(values.slowms);
  if (slowMs !== undefined && !(slowMs >= 0)) throw new Error(`--slowms must be a number of milliseconds, got ${values.slowms}`);
  const password = process.env.EMBEDDED_MONGO_PASSWORD;
  if ((values.username === undefined) !== (password === undefined)) throw new Error('--username and EMBEDDED_MONGO_PASSWORD go together');
  const user = values.username !== undefined && password !== undefined ? { username: values.username, password } : undefined;
  if (!user && !isLoopbackHost(values.host)) {
    throw new Error(`--host ${values.host} reaches beyond this machine: give --username and EMBEDDED_MONGO_PASSWORD, so that a user of your choosing, not a random one, guards it`);
  }
  const server = await startEmbeddedMongo({ dbPath: values.dbpath, port, host: values.host, user, slowMs });
  // A chosen password is not printed; a random one is, since the URI is the only way to learn it.
  const shown = user ? server.uri.replace(/:[^:@/]*@/, ':***@') : server.uri;
  process.stdout.write(`embedded-mongo listening on ${shown}${values.dbpath ? ` (dbpath ${values.dbpath})` : ' (in memory)'}\n`);
  const shutdown = (): void => {
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`embedded-mongo: ${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
  process.exit(1);
});
