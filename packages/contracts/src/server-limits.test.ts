import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { limitedServerOptions } from './server-limits.js';

async function statusFor(options: Parameters<typeof createServer>[0], headerBytes: number): Promise<number> {
  const server = createServer(options, (_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers: { 'x-padding': 'p'.repeat(headerBytes) } });
    await response.arrayBuffer();
    return response.status;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('server limits', () => {
  it('take a 30 KB header, as the reverse proxy does (32k), where Node alone answers 431', async () => {
    assert.equal(await statusFor(limitedServerOptions(), 30 * 1024), 200);
    assert.equal(await statusFor({}, 30 * 1024), 431);
    assert.equal(await statusFor(limitedServerOptions(), 40 * 1024), 431);
  });
});
