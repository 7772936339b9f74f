import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { generate } from '../commands/generate.js';
import { loadConfigs } from '../config/load-configs.js';
import { runCli } from '../run-cli.js';
import { assertGolden } from './test-support/golden-file.js';
import { renderNginxConfig } from './nginx-config.js';
import { forwardedHeaders, transportRoutes } from './transport-routes.js';

const repositoryConfigs = new URL('../../../../configs.json', import.meta.url).pathname;
let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lattice-generate-nginx-'));
  await mkdir(join(dir, 'out'));
});
after(async () => rm(dir, { recursive: true, force: true }));

/** Each `location <prefix> { … }` block's body by prefix. */
function locations(site: string): Map<string, string> {
  return new Map([...site.matchAll(/^ {4}location (\S+) \{\n([\s\S]*?)^ {4}\}/gm)].map((match) => [match[1]!, match[2]!]));
}

async function generateFrom(configs: Record<string, unknown>): Promise<{ error: Error; written: string[] }> {
  const file = join(dir, `configs-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify({ jwt_token_secret: 'x', plugins: [], ...configs }));
  const out = join(dir, 'out', 'site.conf');
  const error = await generate({ config: file, target: 'nginx', out }).then(
    () => new Error('generated'),
    (thrown: Error) => thrown,
  );
  return { error, written: await readdir(join(dir, 'out')) };
}

describe('lattice generate nginx', () => {
  it('writes the golden file for the repository configs.json', async () => {
    const site = await renderNginxConfig(await loadConfigs(repositoryConfigs), { file: repositoryConfigs });
    await assertGolden('nginx.conf', site);
  });

  it('gives every Transport prefix its port, the six headers and HTTP/1.1; upgrades and unbuffered where SPEC.md says', async () => {
    const site = await renderNginxConfig(await loadConfigs(repositoryConfigs), { file: repositoryConfigs });
    const blocks = locations(site);
    for (const route of transportRoutes) {
      const block = blocks.get(route.prefix) ?? '';
      assert.match(site, new RegExp(`upstream lattice_${route.service.replace('-', '_')} \\{\\n\\s+server 127\\.0\\.0\\.1:${route.port};`), route.prefix);
      assert.match(block, /proxy_http_version 1\.1;/, route.prefix);
      for (const [header] of forwardedHeaders) assert.match(block, new RegExp(`proxy_set_header ${header} `), `${route.prefix} ${header}`);
      assert.equal(/proxy_set_header Upgrade \$http_upgrade;/.test(block), route.upgrade, `${route.prefix} upgrade`);
      assert.equal(/proxy_buffering off;/.test(block), route.unbuffered, `${route.prefix} buffering`);
      assert.doesNotMatch(block, /add_header|proxy_hide_header/, `${route.prefix} leaves the service's headers alone`);
    }
    assert.match(site, /client_max_body_size 50M;/);
    assert.match(site, /large_client_header_buffers 4 32k;/);
    assert.match(site, /ssl_certificate {5}\/etc\/letsencrypt\/live\/localhost\/fullchain\.pem;/);
    assert.match(site, /ssl_protocols TLSv1\.2 TLSv1\.3;/);
  });

  it('takes certificate paths and upstream addresses from its options', async () => {
    const site = await renderNginxConfig(await loadConfigs(repositoryConfigs), {
      file: repositoryConfigs,
      certificate: '/srv/tls/site.crt',
      certificateKey: '/srv/tls/site.key',
      upstreams: { gateway: 'gateway:3300' },
    });
    assert.match(site, /ssl_certificate {5}\/srv\/tls\/site\.crt;\n {4}ssl_certificate_key \/srv\/tls\/site\.key;/);
    assert.match(site, /upstream lattice_gateway \{\n {4}server gateway:3300;/);
  });

  it('serves a widgets domain of its own at its root', async () => {
    const configs = await loadConfigs(repositoryConfigs);
    const site = await renderNginxConfig({ ...configs, domain: 'https://example.com', widgets: { domain: 'https://widgets.example.com' } }, { file: 'c' });
    assert.match(site, /server_name example\.com widgets\.example\.com;/);
    assert.match(site, /if \(\$host = widgets\.example\.com\) \{\n\s+rewrite \^\/\(\?!widgets\/\)\(\.\*\)\$ \/widgets\/\$1 last;/);
  });

  for (const [what, configs, message] of [
    ['no domain', {}, /"domain" is required/],
    ['a domain without a scheme', { domain: 'example.com' }, /"domain" must be a URL with a scheme/],
    ['a domain with a path', { domain: 'https://example.com/app' }, /"domain" must be a scheme and a host only/],
    ['a widgets domain without a scheme', { domain: 'https://example.com', widgets: { domain: 'widgets' } }, /"widgets.domain" must be a URL/],
    ['a domain holding } (config injection)', { domain: 'https://exa}mple.com' }, /"domain" must be a scheme and a host only, the host a DNS name/],
    ['a domain holding $', { domain: 'https://a$host.com' }, /"domain" must be a scheme and a host only, the host a DNS name/],
    ['a widgets domain holding ;', { domain: 'https://example.com', widgets: { domain: 'https://w;return.com' } }, /"widgets.domain" must be a scheme and a host only/],
  ] as const) {
    it(`refuses ${what}, naming the key, and writes no file`, async () => {
      const { error, written } = await generateFrom(configs);
      assert.match(error.message, message);
      assert.deepEqual(written, []);
    });
  }

  it('takes --upstream and --out from the command line, and refuses an unknown service', async () => {
    const out = join(dir, 'from-cli.conf');
    await runCli(['generate', 'nginx', '--config', repositoryConfigs, '--upstream', 'gateway=gw:3300', '--upstream', 'frontend=web:3000', '--out', out]);
    const site = await readFile(out, 'utf8');
    assert.match(site, /upstream lattice_gateway \{\n {4}server gw:3300;/);
    assert.match(site, /upstream lattice_frontend \{\n {4}server web:3000;/);
    await assert.rejects(generate({ config: repositoryConfigs, target: 'nginx', upstreams: ['api=x:1'] }), /--upstream must be <service>=<host:port>/);
    await assert.rejects(generate({ config: repositoryConfigs, target: 'nginx', upstreams: ['gateway=no port'] }), /the upstream of gateway must be host:port/);
  });

  it('writes the file whole with --out', async () => {
    const out = join(dir, 'whole.conf');
    await generate({ config: repositoryConfigs, target: 'nginx', out });
    assert.deepEqual((await readdir(dir)).filter((name) => name.startsWith('whole')), ['whole.conf']);
  });
});
