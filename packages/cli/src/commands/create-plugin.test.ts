import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { startTestPlatform } from '@lattice/platform/test-kit';
import type { PluginDefinition } from '@lattice/plugin-sdk';
import { Ajv } from 'ajv';
import { loadConfigs } from '../config/load-configs.js';
import { createPlugin, type CreatePluginOptions } from '../create-plugin/create-plugin.js';
import {
  buildUiRemote,
  listFiles,
  makeScratchCheckout,
  readJson,
  repositoryRoot,
  runLattice,
  runOwnTests,
  type Run,
} from '../create-plugin/test-support/scratch-checkout.js';

const emptyRun: Run = { code: null, stdout: '', stderr: '' };

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

// Generates real plugins into a scratch checkout and runs them: the API plugin in the platform's test kit and
// with its own tests, the UI remote through its webpack build. About a minute on two cores.

let root: string;
let configsBefore: string;
const generated: { integration: Run; uiOnly: Run } = { integration: emptyRun, uiOnly: emptyRun };
const inProcessPlatformDone = deferred();
let children: { apiTests: Promise<Run>; uiBuild: Promise<Run>; uiTests: Promise<Run>; integrationTests: Promise<Run> };

interface ConfigsFile {
  plugins: Array<{ name: string; ui?: string }>;
}

before(async () => {
  root = await makeScratchCheckout();
  configsBefore = await readFile(join(root, 'configs.json'), 'utf8');
});
after(async () => {
  // The runs started in the background end before their folder goes, even when a test failed early.
  inProcessPlatformDone.resolve();
  if (children) await Promise.allSettled(Object.values(children));
  if (root) await rm(root, { recursive: true, force: true });
});

describe('lattice create-plugin refuses, writing nothing', () => {
  const refusals: Array<[string, Partial<CreatePluginOptions>, RegExp]> = [
    ['no name', { name: undefined }, /create-plugin needs a name: lattice create-plugin <name>/],
    ['an upper-case name', { name: 'Demo' }, /"Demo" is not a usable plugin name: use lower-case letters and digits/],
    ['a name that is not GraphQL- and npm-safe', { name: 'time_sheets' }, /"time_sheets" is not a usable plugin name/],
    ['a name with a trailing dash', { name: 'demo-' }, /"demo-" is not a usable plugin name/],
    ['core', { name: 'core' }, /"core" cannot be a plugin name: it is the core plugin, which is always enabled/],
    ['a path the shell owns', { name: 'login' }, /"login" cannot be a plugin name: it is the shell's login page/],
    ['a browser global: document', { name: 'document' }, /"document" cannot be a plugin name: its UI's federation scope "document" would be a window global the browser already has \(window.document\)/],
    ['a browser global: name', { name: 'name' }, /"name" cannot be a plugin name: .*window\.name/],
    ['a browser global through its scope: local-storage', { name: 'local-storage' }, /scope "localStorage" would be a window global/],
    ['a platform path: graphql', { name: 'graphql' }, /"graphql" cannot be a plugin name: it is the gateway's GraphQL endpoint/],
    ['a platform path: pl', { name: 'pl' }, /"pl" cannot be a plugin name: it is the gateway's plugin HTTP prefix/],
    ['a platform path: mobile-app', { name: 'mobile-app' }, /"mobile-app" cannot be a plugin name: it is the mobile app/],
    ['an existing folder', { name: 'documents' }, /api-plugins\/documents already exists: create-plugin never overwrites, so nothing was written/],
    ['an existing plugin', { name: 'documents', api: false }, /"documents" is an existing plugin \(api-plugins\/documents\)/],
    ['an installed plugin package', { name: 'imap', api: false }, /"imap" is an existing plugin \(the package @lattice\/plugin-imap is installed\)/],
    ['both --api-only and --ui-only', { name: 'demo', api: false, ui: false }, /--api-only and --ui-only exclude each other/],
  ];

  it('each bad request with its reason, the checkout unchanged', async () => {
    const filesBefore = await listFiles(root);
    const configs = await readFile(join(root, 'configs.json'), 'utf8');
    for (const [what, options, message] of refusals) {
      await assert.rejects(createPlugin({ root, name: undefined, api: true, ui: true, integration: false, ...options }), message, what);
    }
    assert.deepEqual(await listFiles(root), filesBefore);
    assert.equal(await readFile(join(root, 'configs.json'), 'utf8'), configs);
  });

  it('from the command line: the reason after "lattice:" and exit code 1', async () => {
    const result = await runLattice(['create-plugin', 'Demo', '--integration'], root);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /^lattice: "Demo" is not a usable plugin name/);
    const document = await runLattice(['create-plugin', 'document'], root);
    assert.equal(document.code, 1);
    assert.match(document.stderr, /^lattice: "document" cannot be a plugin name: its UI's federation scope "document" would be a window global/);
  });

  it('a name taken by a configs.json entry alone', async () => {
    const configs = await readFile(join(root, 'configs.json'), 'utf8');
    const withEntry = JSON.parse(configs) as ConfigsFile;
    withEntry.plugins.push({ name: 'reports' });
    await writeFile(join(root, 'configs.json'), JSON.stringify(withEntry));
    try {
      await assert.rejects(createPlugin({ root, name: 'reports', api: true, ui: true, integration: false }), /"reports" is an existing plugin \(configs.json names it\)/);
    } finally {
      await writeFile(join(root, 'configs.json'), configs);
    }
  });

  it('outside a Lattice checkout', async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), 'not-lattice-'));
    try {
      const result = await runLattice(['create-plugin', 'demo'], elsewhere);
      assert.equal(result.code, 1);
      assert.match(result.stderr, /is not in a Lattice checkout \(no package.json named "lattice" with the workspaces api-plugins\/\* and ui-plugins\/\* here or above\)/);
      assert.deepEqual(await readdir(elsewhere), []);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});

describe('lattice create-plugin time-sheets (API plugin and UI remote)', () => {
  let printed: string;

  before(async () => {
    const result = await runLattice(['create-plugin', 'time-sheets'], root);
    assert.equal(result.code, 0, result.stderr);
    printed = result.stdout;
    // One after the other: the second UI remote gets the next dev-server port.
    const [integration, uiOnly] = await Promise.all([
      runLattice(['create-plugin', 'web-chat', '--integration', '--api-only'], root),
      runLattice(['create-plugin', 'charts', '--ui-only'], root),
    ]);
    generated.integration = integration;
    generated.uiOnly = uiOnly;
    // The slow runs (webpack, the generated tests) start together here; the tests below await their results.
    const timeSheetsUi = join(root, 'ui-plugins/time-sheets');
    // Platforms one at a time (this process's, then each generated test run's): on a busy machine, several
    // starting at once miss their health checks. The webpack build and the UI tests need none and go now.
    const apiTests = inProcessPlatformDone.promise.then(() => runOwnTests(join(root, 'api-plugins/time-sheets'), ['src/time-sheets-api.test.ts']));
    children = {
      apiTests,
      uiBuild: buildUiRemote(timeSheetsUi),
      uiTests: runOwnTests(timeSheetsUi, ['src/item-name.test.ts']),
      // Not generated: the test below reports the generation's failure.
      integrationTests:
        integration.code === 0
          ? apiTests.then(() => runOwnTests(join(root, 'api-plugins/web-chat'), ['src/web-chat-api.test.ts', 'src/web-chat-integration.test.ts']))
          : Promise.resolve(integration),
    };
  });

  it('writes both packages with the name substituted, and says what to do next', async () => {
    assert.deepEqual(await listFiles(join(root, 'api-plugins', 'time-sheets')), [
      'README.md',
      'package.json',
      'src/graphql/context.ts',
      'src/graphql/resolvers.ts',
      'src/graphql/type-defs.ts',
      'src/index.ts',
      'src/models/item.ts',
      'src/models/load-models.ts',
      'src/plugin.ts',
      'src/time-sheets-api.test.ts',
      'tsconfig.build.json',
      'tsconfig.json',
    ]);
    assert.deepEqual(await listFiles(join(root, 'ui-plugins', 'time-sheets')), [
      'README.md',
      'lattice-plugin.json',
      'package.json',
      'src/graphql/items.ts',
      'src/item-name.test.ts',
      'src/item-name.ts',
      'src/pages/ItemsPage.tsx',
      'src/routes.tsx',
      'tsconfig.json',
      'turbo.json',
      'ui-plugin.config.json',
      'webpack.config.js',
    ]);
    for (const part of ['api-plugins', 'ui-plugins']) {
      for (const file of await listFiles(join(root, part, 'time-sheets'))) {
        const text = await readFile(join(root, part, 'time-sheets', file), 'utf8');
        assert.doesNotMatch(text, /__[A-Z]+__/, `${part}/time-sheets/${file} has a placeholder left`);
      }
    }
    assert.equal((await readJson<{ name: string }>(join(root, 'api-plugins/time-sheets/package.json'))).name, '@lattice/plugin-time-sheets');
    assert.equal((await readJson<{ name: string }>(join(root, 'ui-plugins/time-sheets/package.json'))).name, '@lattice/ui-plugin-time-sheets');
    const typeDefs = await readFile(join(root, 'api-plugins/time-sheets/src/graphql/type-defs.ts'), 'utf8');
    assert.match(typeDefs, /type TimeSheetsItem @key/);
    assert.match(typeDefs, /timeSheetsItems: \[TimeSheetsItem!\]!/);
    assert.match(typeDefs, /timeSheetsItemsAdd\(name: String!\): TimeSheetsItem!/);
    assert.match(await readFile(join(root, 'api-plugins/time-sheets/src/plugin.ts'), 'utf8'), /name: 'time-sheets'/);
    const uiConfig = await readJson<{ scope: string; port: number; menus: unknown[] }>(join(root, 'ui-plugins/time-sheets/ui-plugin.config.json'));
    assert.equal(uiConfig.scope, 'timeSheets');
    assert.equal(uiConfig.port, 3030);
    assert.deepEqual(uiConfig.menus, [{ text: 'Time sheets', url: '/time-sheets/', icon: 'puzzle', location: 'mainNavigation' }]);

    assert.match(printed, /api-plugins\/time-sheets\/ {2}@lattice\/plugin-time-sheets: query timeSheetsItems, mutation timeSheetsItemsAdd/);
    assert.match(printed, /configs.json: added \{ "name": "time-sheets", "ui": "local" \}/);
    assert.match(printed, /npm install .*\n.*npm start/);
    assert.match(printed, /open http:\/\/localhost:3000\/time-sheets\/ \(log in; the menu entry "Time sheets" leads there\)/);
  });

  it('enables the plugin in configs.json, which still passes the schema, the rest kept', async () => {
    const configs = await loadConfigs(join(root, 'configs.json'));
    const previous = JSON.parse(configsBefore) as ConfigsFile;
    // The entries that were there, then time-sheets; web-chat and charts (generated after it) follow.
    assert.deepEqual(configs.plugins.slice(0, previous.plugins.length), previous.plugins);
    assert.deepEqual(configs.plugins[previous.plugins.length], { name: 'time-sheets', ui: 'local' });
    assert.equal(configs.plugins.length, previous.plugins.length + 3);
  });

  it('the API plugin answers its mutation and query through the gateway', async () => {
    try {
      const loaded = (await import(pathToFileURL(join(root, 'api-plugins/time-sheets/src/index.ts')).href)) as { default: PluginDefinition };
      const platform = await startTestPlatform({ plugins: [loaded.default] });
      try {
        const added = await platform.graphql<{ timeSheetsItemsAdd: { _id: string; name: string } }>(
          'mutation ($name: String!) { timeSheetsItemsAdd(name: $name) { _id name } }',
          { name: 'Week 48' },
        );
        assert.equal(added.errors, undefined, JSON.stringify(added.errors));
        const listed = await platform.graphql<{ timeSheetsItems: Array<{ _id: string; name: string }> }>('{ timeSheetsItems { _id name } }');
        assert.deepEqual(listed.data?.timeSheetsItems, [added.data?.timeSheetsItemsAdd]);
      } finally {
        await platform.stop();
      }
    } finally {
      inProcessPlatformDone.resolve();
    }
  });

  it("the API plugin's own generated tests pass", async () => {
    const result = await children.apiTests;
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /^# pass 3$/m);
    assert.match(result.stdout, /^# fail 0$/m);
  });

  it('the UI remote builds with its webpack config, its descriptor valid by the ui-sdk JSON Schema, and its own tests pass', async () => {
    const dir = join(root, 'ui-plugins/time-sheets');
    const [build, tests] = await Promise.all([children.uiBuild, children.uiTests]);
    assert.equal(build.code, 0, build.stdout + build.stderr);
    const built = await listFiles(join(dir, 'dist'));
    for (const file of ['remoteEntry.js', 'mf-manifest.json', 'ui-plugin.json', 'lattice-plugin.json']) assert.ok(built.includes(file), `dist/${file} in ${built.join(', ')}`);
    assert.deepEqual((await readJson<{ menus: unknown[] }>(join(dir, 'dist/ui-plugin.json'))).menus[0], { text: 'Time sheets', url: '/time-sheets/', icon: 'puzzle', location: 'mainNavigation' });

    const schema = await readJson<object>(join(repositoryRoot, 'packages/ui-sdk/lattice-plugin.schema.json'));
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    for (const file of [join(dir, 'lattice-plugin.json'), join(dir, 'dist/lattice-plugin.json')]) {
      const descriptor = await readJson<{ name: string; scope: string }>(file);
      assert.ok(validate(descriptor), `${file}: ${JSON.stringify(validate.errors)}`);
      assert.equal(descriptor.name, 'time-sheets');
      assert.equal(descriptor.scope, 'timeSheets');
    }
    assert.equal(tests.code, 0, tests.stdout + tests.stderr);
    assert.match(tests.stdout, /^# pass 2$/m);
  });
});

describe('lattice create-plugin --integration --api-only, and --ui-only', () => {
  it('writes an inbox integration (dependsOn inbox and contacts, POST /receive) whose own tests pass', async () => {
    const result = generated.integration;
    assert.equal(result.code, 0, result.stderr);
    const files = await listFiles(join(root, 'api-plugins/web-chat'));
    for (const file of ['src/integration/receive-route.ts', 'src/integration/consume-integration-queues.ts', 'src/web-chat-integration.test.ts']) assert.ok(files.includes(file), file);
    const plugin = await readFile(join(root, 'api-plugins/web-chat/src/plugin.ts'), 'utf8');
    assert.match(plugin, /dependsOn: \['inbox', 'contacts'\]/);
    assert.match(plugin, /kind: 'web-chat', label: 'Web chat'/);
    assert.equal((await readdir(join(root, 'ui-plugins'))).includes('web-chat'), false);
    assert.ok((await readJson<ConfigsFile>(join(root, 'configs.json'))).plugins.some((entry) => JSON.stringify(entry) === '{"name":"web-chat"}'));

    // Its tests run it beside the real inbox and contacts plugins: a message posted to /receive becomes a conversation.
    const tests = await children.integrationTests;
    assert.equal(tests.code, 0, tests.stdout + tests.stderr);
    assert.match(tests.stdout, /^# pass 5$/m);
    assert.match(tests.stdout, /^# fail 0$/m);
  });

  it('--ui-only writes only the UI remote and enables it as ui: local', async () => {
    const result = generated.uiOnly;
    assert.equal(result.code, 0, result.stderr);
    assert.equal((await readdir(join(root, 'api-plugins'))).includes('charts'), false);
    assert.ok((await listFiles(join(root, 'ui-plugins/charts'))).includes('src/pages/ItemsPage.tsx'));
    // Another dev-server port than the first remote's.
    assert.equal((await readJson<{ port: number }>(join(root, 'ui-plugins/charts/ui-plugin.config.json'))).port, 3031);
    assert.ok((await readJson<ConfigsFile>(join(root, 'configs.json'))).plugins.some((entry) => JSON.stringify(entry) === '{"name":"charts","ui":"local"}'));
  });
});


