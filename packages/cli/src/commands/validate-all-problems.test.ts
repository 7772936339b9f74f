import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../config/config-error.js';
import { validate } from './validate.js';

// SPEC.md's full sample configs.json: its 22 plugins and every key it shows (secrets as its placeholders).
const specSample = join(dirname(fileURLToPath(import.meta.url)), '../config/test-support/spec-sample-configs.json');
const unknownInSample = ['cards', 'internalnotes', 'notifications', 'automations', 'products', 'forms', 'inventories', 'segments', 'tags', 'engages', 'clientportal', 'webbuilder', 'knowledgebase', 'emailtemplates', 'filemanager', 'facebook'];
// Names the platform owns: the integrations ingress and the dashboard (a configs.json key here, not a plugin).
const reservedInSample = ['integrations', 'dashboard'];

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lattice-validate-all-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function problemsOf(file: string): Promise<ConfigError> {
  let caught: unknown;
  try {
    await validate({ config: file });
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof ConfigError, `validate refused ${file} with a ConfigError: ${String(caught)}`);
  return caught;
}

describe('lattice validate reports every problem in one run', () => {
  it('accepts the production sample the golden deployment files are generated from', async () => {
    const golden = join(dirname(fileURLToPath(import.meta.url)), '../../../../deploy/golden/configs.production.json');
    await validate({ config: golden });
  });

  it("on SPEC.md's full sample: every unknown plugin, the reserved name, the extra_env no plugin reads, with the installed plugins", async () => {
    const error = await problemsOf(specSample);
    const lines = error.message.split('\n');
    // One line per unknown plugin entry, naming it.
    for (const name of unknownInSample) {
      assert.ok(lines.some((line) => line.includes(`names a plugin that does not exist: "${name}"`)), `${name} is named`);
    }
    const summary = lines.find((line) => line.includes('unknown plugins ('));
    assert.match(summary ?? '', new RegExp(`"plugins" names ${unknownInSample.length} unknown plugins \\(${unknownInSample.join(', ')}\\); the installed plugins are: .*\\bcontacts\\b.*\\bdocuments\\b.*\\binbox\\b.*\\blogs\\b`));
    // dashboard is a key of configs.json here, not a plugin; inbox reads neither of erxes's database URLs.
    assert.ok(lines.some((line) => /"plugins\[17\]\.name" "integrations" cannot be a plugin name: it is the public integrations ingress/.test(line)));
    assert.ok(lines.some((line) => /"plugins\[18\]\.name" "dashboard" cannot be a plugin name: it is the dashboard .*"dashboard" key enables/.test(line)));
    assert.ok(lines.some((line) => /"plugins\[0\]\.extra_env\.INTEGRATIONS_MONGO_URL" is not read by the inbox plugin, so it would be ignored: it reads no extra_env/.test(line)));
    assert.ok(lines.some((line) => /"plugins\[0\]\.extra_env\.FB_MONGO_URL" is not read by the inbox plugin/.test(line)));
    // Known plugins with their keys (contacts ui local, logs db_name, documents) and the top-level keys pass.
    assert.equal(lines.filter((line) => /plugins\[(2|12|19)\]/.test(line)).length, 0, 'contacts, logs and documents are fine');
    // 16 unknown and 2 reserved: the 18 names of the sample that are not plugins here (logs is one now).
    assert.equal(unknownInSample.length + reservedInSample.length, 18);
    assert.doesNotMatch(summary ?? '', /\bsdk\b/, 'the SDK package is not a plugin');
    assert.match(lines[0]!, new RegExp(`has ${unknownInSample.length + reservedInSample.length + 3} problems:$`));
  });

  it('refuses, each with its reason, the keys it would otherwise ignore', async () => {
    const file = join(dir, 'ignored.json');
    await writeFile(
      file,
      JSON.stringify({
        jwt_token_secret: '<JWT_SECRET>',
        domain: 'https://example.com',
        secondary_server_address: '10.0.0.2',
        // The first is a usable origin; the other two are not.
        client_portal_domains: 'https://portal.example.com, portal.example.com,https://shop.example.com/app',
        plugins: [{ name: 'logs', ui: 'local' }, { name: 'imap', extra_env: { IMAP_RECEIVE_LIMIT_MB: '10', IMAP_SPEED: 'fast' } }, { name: 'fixture', ui: 'local', extra_env: { A: 'b' } }, { name: 'document' }],
      }),
    );
    const { message } = await problemsOf(file);
    assert.match(message, /"secondary_server_address" must be empty: Lattice has no secondary server/);
    assert.match(message, /"client_portal_domains" "portal\.example\.com" is not an origin: write it as https:\/\/portal\.example\.com \(scheme, host and optional port; no path or trailing slash\)/);
    assert.match(message, /"client_portal_domains" "https:\/\/shop\.example\.com\/app" is not an origin/);
    assert.doesNotMatch(message, /"https:\/\/portal\.example\.com" is not an origin/);
    assert.match(message, /"plugins\[0\]\.ui" is "local", but logs has no UI \(no package @lattice\/ui-plugin-logs\): remove "ui"/);
    assert.match(message, /"plugins\[1\]\.extra_env\.IMAP_SPEED" is not read by the imap plugin, so it would be ignored: it reads IMAP_RECEIVE_LIMIT_MB, IMAP_ALLOW_PRIVATE_HOSTS/);
    assert.doesNotMatch(message, /IMAP_RECEIVE_LIMIT_MB" is not read/);
    assert.match(message, /"plugins\[2\]\.extra_env\.A" has nothing to reach: fixture has no API part/);
    assert.match(message, /"plugins\[3\]\.name" "document" cannot be a plugin name: its UI's federation scope "document" would be a window global/);
    assert.match(message, /has 7 problems:/);
  });

  it('accepts client_portal_domains as origins separated by commas, and an empty one', async () => {
    for (const client_portal_domains of ['https://portal.example.com, http://localhost:5173,https://shop.example.com:8443', '']) {
      const file = join(dir, 'portal-origins.json');
      await writeFile(file, JSON.stringify({ jwt_token_secret: '<JWT_SECRET>', domain: 'https://example.com', client_portal_domains, plugins: [{ name: 'documents' }] }));
      await validate({ config: file });
    }
  });
});
