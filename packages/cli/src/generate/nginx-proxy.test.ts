import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { after, before, describe, it } from 'node:test';
import { fetch } from 'undici';
import { nginxInstalled } from '../test-kit/nginx-process.js';
import { startRecordingUpstream, upstreamSecurityHeaders, type RecordingUpstream } from './test-support/recording-upstream.js';
import { startTestProxy, testDomain, type TestProxy } from '../test-kit/test-proxy.js';
import { toLoopback } from '../test-kit/test-tls.js';
import { transportRoutes, type ProxiedService } from './transport-routes.js';

const skip = nginxInstalled() ? false : 'nginx is not installed (apt-get install nginx; .ci/run does)';

let proxy: TestProxy;
const upstreams = new Map<ProxiedService, RecordingUpstream>();

before(async () => {
  if (skip) return;
  for (const route of transportRoutes) upstreams.set(route.service, await startRecordingUpstream());
  proxy = await startTestProxy(Object.fromEntries([...upstreams].map(([service, upstream]) => [service, upstream.address])));
});
after(async () => {
  await proxy?.stop();
  await Promise.all([...upstreams.values()].map((upstream) => upstream.close()));
});

const lastAt = (service: ProxiedService) => upstreams.get(service)!.received.at(-1);
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${proxy.origin}${path}`, { dispatcher: proxy.dispatcher, headers });

/** An upgrade request through the proxy; resolves with the status nginx answered. */
function upgradeThrough(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest({
      host: testDomain, port: proxy.httpsPort, path, ca: proxy.pem, lookup: toLoopback,
      headers: { Upgrade: 'websocket', Connection: 'Upgrade' },
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
}

describe('lattice generate nginx, run by nginx in front of recording upstreams', { skip, timeout: 300_000 }, () => {
  it('sends every prefix of the Transport table to its service, prefix stripped, with the six headers over HTTP/1.1', async () => {
    for (const route of transportRoutes) {
      const response = await get(`${route.prefix}probe?x=1`);
      assert.equal(response.status, 200, route.prefix);
      await response.text();
      const seen = lastAt(route.service);
      assert.equal(seen?.url, '/probe?x=1', route.prefix);
      assert.equal(seen.httpVersion, '1.1', route.prefix);
      assert.deepEqual(
        {
          host: seen.headers.host,
          realIp: seen.headers['x-real-ip'],
          forwardedFor: seen.headers['x-forwarded-for'],
          forwardedHost: seen.headers['x-forwarded-host'],
          forwardedServer: seen.headers['x-forwarded-server'],
          forwardedProto: seen.headers['x-forwarded-proto'],
        },
        {
          host: testDomain,
          realIp: '127.0.0.1',
          forwardedFor: '127.0.0.1',
          forwardedHost: `${testDomain}:${proxy.httpsPort}`,
          forwardedServer: testDomain,
          forwardedProto: 'https',
        },
        route.prefix,
      );
    }
  });

  it("refuses every role's /metrics under every prefix, without asking the service", async () => {
    const received = () => [...upstreams.values()].reduce((total, upstream) => total + upstream.received.length, 0);
    const before = received();
    for (const route of transportRoutes) {
      for (const path of [`${route.prefix}metrics`, `${route.prefix}metrics?x=1`, `${route.prefix}METRICS/`]) {
        const response = await get(path);
        await response.text();
        assert.equal(response.status, 404, path);
      }
    }
    assert.equal(received(), before);
  });

  it('forwards websocket upgrades on /widgets/, /gateway/ and /mobile-app/ only', async () => {
    for (const route of transportRoutes) {
      const status = await upgradeThrough(`${route.prefix}socket`);
      const seen = lastAt(route.service)!;
      assert.equal(seen.url, '/socket', route.prefix);
      assert.equal(status === 101 && seen.upgraded && seen.headers.upgrade === 'websocket', route.upgrade, `${route.prefix}: ${status}`);
    }
  });

  it('streams /gateway/ and /mobile-app/ responses unbuffered: the first chunk arrives while the upstream holds the rest', async () => {
    for (const route of transportRoutes.filter((candidate) => candidate.unbuffered)) {
      const firstChunk = async () => {
        const response = await get(`${route.prefix}stream`);
        const reader = response.body!.getReader();
        return { reader, first: await reader.read() };
      };
      const { reader, first } = await Promise.race([
        firstChunk(),
        new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`the first chunk was held back: the proxy buffers ${route.prefix}`)), 5_000).unref()),
      ]);
      assert.equal(new TextDecoder().decode(first.value), 'first chunk\n', route.prefix);
      upstreams.get(route.service)!.finishStream();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
    }
    assert.deepEqual(transportRoutes.filter((route) => route.unbuffered).map((route) => route.prefix), ['/gateway/', '/mobile-app/']);
  });

  it('adds HSTS and leaves the front-end security headers as the front-end sent them', async () => {
    const response = await get('/');
    await response.text();
    assert.match(response.headers.get('strict-transport-security') ?? '', /max-age=\d{8}/);
    for (const [header, value] of Object.entries(upstreamSecurityHeaders)) assert.equal(response.headers.get(header), value, header);
  });

  it('passes a 40 MB body and refuses a 60 MB one with 413 before it reaches the service', async () => {
    const post = (megabytes: number) =>
      fetch(`${proxy.origin}/integrations/imap/receive`, { dispatcher: proxy.dispatcher, method: 'POST', body: Buffer.alloc(megabytes * 1024 * 1024, 'a') });
    const passed = await post(40);
    assert.equal(passed.status, 200);
    assert.equal(await passed.text(), `received ${40 * 1024 * 1024}`);
    const before = upstreams.get('integrations')!.received.length;
    const refused = await post(60);
    await refused.text();
    assert.equal(refused.status, 413);
    assert.equal(upstreams.get('integrations')!.received.length, before);
  });

  it('passes a 20 KB header and refuses one past the 32k buffers', async () => {
    const big = 'b'.repeat(20 * 1024);
    const passed = await get('/big-header', { 'x-big': big });
    await passed.text();
    assert.equal(passed.status, 200);
    assert.equal(lastAt('frontend')?.headers['x-big'], big);
    const refused = await get('/too-big-header', { 'x-big': 'b'.repeat(40 * 1024) });
    await refused.text();
    assert.equal(refused.status, 400);
  });

  it('redirects plain HTTP to the same path over HTTPS', async () => {
    const location = await new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port: proxy.httpPort, path: '/gateway/graphql?a=b', headers: { host: testDomain } }, (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
      })
        .on('error', reject)
        .end();
    });
    assert.deepEqual(location, { status: 301, location: `${proxy.origin}/gateway/graphql?a=b` });
  });

  it('refuses the TLS handshake for a name it does not serve', async () => {
    await assert.rejects(
      fetch(`https://elsewhere.test:${proxy.httpsPort}/`, { dispatcher: proxy.dispatcher }),
      (error: Error) => /fetch failed/.test(error.message),
    );
  });
});
