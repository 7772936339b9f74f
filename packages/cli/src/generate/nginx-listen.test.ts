import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { generate } from '../commands/generate.js';
import { runCli } from '../run-cli.js';
import { checkNginxConfig, nginxInstalled, startNginx } from '../test-kit/nginx-process.js';
import { freePort } from '../test-kit/role-process.js';
import { makeCertificate, type TestCertificate } from '../test-kit/test-tls.js';

const skip = nginxInstalled() ? false : 'nginx is not installed (apt-get install nginx; .ci/run does)';
let dir: string;
let configs: string;
let tls: TestCertificate;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lattice-nginx-listen-'));
  configs = join(dir, 'configs.json');
  await writeFile(configs, JSON.stringify({ jwt_token_secret: 'not used by the proxy', domain: 'https://lattice.test', plugins: [] }));
  tls = await makeCertificate(dir, ['lattice.test']);
});
after(async () => rm(dir, { recursive: true, force: true }));

/** `lattice generate nginx` from the command line with these options; returns the site it wrote. */
async function generateSite(name: string, options: string[]): Promise<string> {
  const out = join(dir, `${name}.conf`);
  await runCli(['generate', 'nginx', '--config', configs, '--certificate', tls.certificate, '--certificate-key', tls.certificateKey, ...options, '--out', out]);
  return readFile(out, 'utf8');
}

/** The status and Location of a plain-HTTP GET on 127.0.0.1:port for lattice.test. */
function plainGet(port: number): Promise<{ status?: number; location?: string }> {
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path: '/documents', headers: { host: 'lattice.test' } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode, location: response.headers.location });
    })
      .on('error', reject)
      .end();
  });
}

describe('lattice generate nginx --listen and --http-listen', { skip }, () => {
  it('listens where it is told: nginx -t accepts the site, HTTPS answers there and plain HTTP redirects to it', async () => {
    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    const site = await generateSite('loopback', ['--listen', `127.0.0.1:${httpsPort}`, '--http-listen', `127.0.0.1:${httpPort}`]);
    assert.match(site, new RegExp(`listen 127\\.0\\.0\\.1:${httpsPort} ssl http2;`));
    assert.match(site, new RegExp(`listen 127\\.0\\.0\\.1:${httpPort};`));
    const checkDir = await mkdtemp(join(dir, 'check-'));
    const check = await checkNginxConfig(checkDir, site);
    assert.ok(check.ok, check.output);
    const runDir = await mkdtemp(join(dir, 'run-'));
    const nginx = await startNginx(runDir, site, httpsPort!);
    try {
      assert.deepEqual(await plainGet(httpPort!), { status: 301, location: `https://lattice.test:${httpsPort}/documents` });
    } finally {
      await nginx.stop();
    }
  });

  it('takes an IPv6 address, and a port alone (every address); plain HTTP stays on port 80 of the same address', async () => {
    const ipv6 = await generateSite('ipv6', ['--listen', '[::1]:8443']);
    assert.match(ipv6, /listen \[::1\]:8443 ssl http2;/);
    assert.match(ipv6, /listen \[::1\]:80;/);
    assert.match(ipv6, /return 301 https:\/\/\$host:8443\$request_uri;/);
    const portOnly = await generateSite('port-only', ['--listen', '8443']);
    assert.match(portOnly, /listen 8443 ssl http2;/);
    assert.match(portOnly, /listen 80;/);
    for (const site of [ipv6, portOnly]) {
      const check = await checkNginxConfig(await mkdtemp(join(dir, 'check-')), site);
      assert.ok(check.ok, check.output);
    }
  });

  for (const [option, value] of [
    ['--listen', '127.0.0.1'],
    ['--listen', '127.0.0.1:0'],
    ['--listen', '127.0.0.1:70000'],
    ['--listen', '999.1.1.1:443'],
    ['--listen', '[zz::1]:443'],
    ['--listen', 'a b:443'],
    ['--listen', '10.0.0.1:443;'],
    ['--http-listen', 'host$x:80'],
    ['--http-listen', ':80'],
  ] as const) {
    it(`refuses ${option} ${value}, naming the option, and writes no file`, async () => {
      const outDir = await mkdtemp(join(dir, 'refused-'));
      const args = { config: configs, target: 'nginx', out: join(outDir, 'site.conf'), ...(option === '--listen' ? { listen: value } : { httpListen: value }) };
      await assert.rejects(generate(args), (error: Error) => error.message.startsWith(`${option} must be address:port`) && error.message.includes(`"${value}"`));
      assert.deepEqual(await readdir(outDir), []);
    });
  }

  it('refuses HTTPS and plain HTTP on one address and port', async () => {
    await assert.rejects(generate({ config: configs, target: 'nginx', listen: '10.0.0.5:8080', httpListen: '10.0.0.5:8080' }), /cannot share one address and port: 10\.0\.0\.5:8080/);
  });
});
