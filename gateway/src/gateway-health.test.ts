import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gatewayHealth } from './test-support/replica-health.js';
import { startTestGateway } from './test-support/sample-gateway.js';
import { startDocumentsHost } from './test-support/sample-plugins.js';

describe("the gateway's own health", () => {
  it('is live at once, ready once a supergraph is composed, and lists each replica on /health', async () => {
    const [first, second] = await Promise.all([startDocumentsHost(), startDocumentsHost()]);
    await Promise.all([first.stop(), second.stop()]);
    const gateway = await startTestGateway({ subgraphs: [{ name: 'documents', urls: [first.url, second.url] }] });
    try {
      const live = await fetch(`${gateway.url}/health/live`);
      assert.deepEqual([live.status, await live.json()], [200, { status: 'live' }]);
      const waiting = await fetch(`${gateway.url}/health/ready`);
      assert.deepEqual([waiting.status, await waiting.json()], [503, { status: 'not ready' }]);

      await second.start();
      await gateway.refresh();
      const ready = await fetch(`${gateway.url}/health/ready`);
      assert.deepEqual([ready.status, await ready.json()], [200, { status: 'ready' }]);
      assert.deepEqual(await gatewayHealth(gateway), {
        status: 'ok',
        plugins: { documents: 'up' },
        replicas: {
          documents: [
            { url: first.url, status: 'down' },
            { url: second.url, status: 'up' },
          ],
        },
      });
      const unknown = await fetch(`${gateway.url}/health/nothing`);
      assert.equal(unknown.status, 404);
    } finally {
      await gateway.stop();
      await Promise.all([first.dispose(), second.dispose()]);
    }
  });
});
