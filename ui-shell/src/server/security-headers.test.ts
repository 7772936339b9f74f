import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { contentSecurityPolicy, inlineScriptHashes, remoteOrigins } from './security-headers.js';

test("the policy's scripts: this origin, each remote's origin once, the page's inline scripts by hash, never eval", () => {
  const origins = remoteOrigins(['https://cdn.example.com/reports/remoteEntry.js', 'https://cdn.example.com/other/remoteEntry.js', 'http://127.0.0.1:4100/remoteEntry.js']);
  assert.deepEqual(origins, ['https://cdn.example.com', 'http://127.0.0.1:4100']);
  const policy = contentSecurityPolicy(origins, ["'sha256-abc='"]);
  const directives = new Map(policy.split('; ').map((directive) => [directive.split(' ')[0], directive]));
  assert.equal(directives.get('script-src'), "script-src 'self' 'sha256-abc=' https://cdn.example.com http://127.0.0.1:4100");
  assert.equal(directives.get('frame-ancestors'), "frame-ancestors 'none'");
  assert.equal(directives.get('object-src'), "object-src 'none'");
  // Images from anywhere (a mail's, once allowed); nothing else from anywhere.
  assert.equal(directives.get('img-src'), "img-src 'self' data: blob: http: https: https://cdn.example.com http://127.0.0.1:4100");
  assert.equal(directives.get('connect-src'), "connect-src 'self' https://cdn.example.com http://127.0.0.1:4100");
  assert.doesNotMatch(policy, /unsafe-eval/);
  assert.equal(contentSecurityPolicy([]).match(/script-src [^;]*/)?.[0], "script-src 'self'");
});

test('inline scripts are hashed as the browser hashes them; JSON blocks and external scripts are not', () => {
  const code = "\n  document.documentElement.dataset.x = '1';\n";
  const html = `<head><script>${code}</script><script src="/main.js"></script><script id="lattice-plugins" type="application/json">{}</script></head>`;
  assert.deepEqual(inlineScriptHashes(html), [`'sha256-${createHash('sha256').update(code).digest('base64')}'`]);
});
