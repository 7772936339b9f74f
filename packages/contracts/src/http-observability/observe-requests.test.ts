import assert from 'node:assert/strict';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { observeRequests } from './observe-requests.js';
import { parsePrometheusText, sumOfSamples } from './parse-prometheus-text.js';

describe('observeRequests', () => {
  const lines: Array<Record<string, unknown>> = [];
  let server: Server;
  let url: string;

  before(async () => {
    const app: RequestListener = (req, res) => {
      res.setHeader('x-request-id', 'answered-id');
      res.statusCode = req.url?.startsWith('/known/') ? 200 : 404;
      res.end('ok');
    };
    const observed = observeRequests(app, {
      role: 'test-role',
      accessLog: { info: (fields) => lines.push(fields as Record<string, unknown>) },
      routeOf: (req) => (req.url?.startsWith('/known/') ? '/known/:id' : undefined),
      fields: () => ({ plugin: 'sample' }),
    });
    server = createServer(observed);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const scrape = async () => {
    const response = await fetch(`${url}/metrics`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(await response.text());
  };

  it('counts requests by route template, not raw path, and times them', async () => {
    const before = sumOfSamples(await scrape(), 'http_requests_total', { role: 'test-role', method: 'GET', route: '/known/:id', status: '200' });
    await (await fetch(`${url}/known/1?token=secret`)).text();
    await (await fetch(`${url}/known/2`)).text();
    await (await fetch(`${url}/made-up-path`)).text();
    const after = await scrape();
    assert.equal(sumOfSamples(after, 'http_requests_total', { role: 'test-role', route: '/known/:id', status: '200' }) - before, 2);
    assert.ok(sumOfSamples(after, 'http_requests_total', { route: 'unmatched', status: '404' }) >= 1);
    assert.equal(after.some((sample) => Object.values(sample.labels).some((value) => value.includes('made-up'))), false);
    assert.ok(sumOfSamples(after, 'http_request_duration_seconds_count', { route: '/known/:id' }) >= 2);
    assert.ok(after.some((sample) => sample.name === 'process_cpu_user_seconds_total'), 'the process metrics are there too');
  });

  it('writes one access line per request with its id, without the query string, and none for scrapes', async () => {
    lines.length = 0;
    await (await fetch(`${url}/known/3?token=secret`)).text();
    await scrape();
    await (await fetch(`${url}/health/ready`)).text();
    assert.equal(lines.length, 1, 'a probe is logged at debug, which this logger has not');
    const [line] = lines;
    assert.equal(line?.reqId, 'answered-id');
    assert.equal(line?.path, '/known/3');
    assert.equal(line?.route, '/known/:id');
    assert.equal(line?.status, 200);
    assert.equal(line?.plugin, 'sample');
    assert.equal(typeof line?.durationMs, 'number');
  });
});

describe('parsePrometheusText', () => {
  it('reads samples, labels with escapes and special values, and refuses what is not the format', () => {
    const samples = parsePrometheusText('# HELP a_total A.\n# TYPE a_total counter\na_total{x="1",y="q\\"uote"} 3\nb +Inf 1700000000000\n');
    assert.deepEqual(samples, [
      { name: 'a_total', labels: { x: '1', y: 'q"uote' }, value: 3 },
      { name: 'b', labels: {}, value: Infinity },
    ]);
    assert.throws(() => parsePrometheusText('<!doctype html>'), /not Prometheus text/);
    assert.throws(() => parsePrometheusText('a{x=1} 2'), /malformed label/);
    assert.throws(() => parsePrometheusText('a 2 3 4'), /one value/);
  });
});
