import assert from 'node:assert/strict';
import { it } from 'node:test';
import { isLoopbackHost } from './loopback-host.js';

it('loopback hosts are the ones only this machine reaches', () => {
  for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) assert.equal(isLoopbackHost(host), true, host);
  for (const host of ['0.0.0.0', '::', '10.0.0.5', '192.168.1.2', 'example.com', '::ffff:10.0.0.1', '128.0.0.1']) assert.equal(isLoopbackHost(host), false, host);
});
