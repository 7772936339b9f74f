#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { startEmbeddedMongo } from './server/embedded-server.js';

const usage = 'usage: embedded-mongo [--dbpath <dir>] [--port <n>] [--host <addr>]   (no --dbpath: in memory; --port 0: any free port)';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dbpath: { type: 'string' },
      port: { type: 'string', default: '27017' },
      host: { type: 'string', default: '127.0.0.1' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be an integer 0-65535, got ${values.port}`);
  const server = await startEmbeddedMongo({ dbPath: values.dbpath, port, host: values.host });
  process.stdout.write(`embedded-mongo listening on ${server.uri}${values.dbpath ? ` (dbpath ${values.dbpath})` : ' (in memory)'}\n`);
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
