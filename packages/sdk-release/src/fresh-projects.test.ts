import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addFiles, npmInit, npmInstall, runBin, runNode, type InstallWarnings } from './fresh-project.js';
import { packPublishedPackages } from './publishable-packages.js';
import { runNpm } from './run-npm.js';
import type { PackedPackage } from './stage-package.js';

// The published packages as an outside team gets them: packed from this repository's build, installed into
// a new project per toolchain in the temporary directory (npm's shared cache, the registry for the rest),
// type-checked and built there with that toolchain's own command.
let workDir: string;
let packed: Map<string, PackedPackage>;
const started = performance.now();
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

/** A new project: `npm init -y`, the install (its stderr lines) and the template files, with the seconds it took. */
interface PreparedProject {
  dir: string;
  warnings: InstallWarnings;
  seconds: string;
}

interface ProjectSpec {
  name: string;
  install: () => string[];
  /** Run before the install: the `npm pkg set` commands of the team's package.json settings. */
  settings?: string[][];
  files: Array<[from: string, to: string]>;
}

const remoteFiles: Array<[string, string]> = [
  ['remote-source/tsconfig.json', 'tsconfig.json'],
  ['remote-source/routes.tsx', 'src/routes.tsx'],
];
const typeScript = ['typescript@~5.9.3'];
const projectSpecs = {
  webpack: {
    name: 'reports-webpack',
    // An ES-module project: `npm init -y` writes "type": "commonjs", under which webpack parses the
    // federation entry that @module-federation/enhanced generates in node_modules/.federation as CommonJS
    // and refuses its `import`. npm 11 runs no install script it was not allowed to: esbuild's (under
    // esbuild-loader) checks its binary.
    settings: [['type=module'], ['allowScripts.esbuild=true', '--json']],
    install: () => [
      tarball('@lattice/ui-sdk'),
      'webpack@5.113.0',
      // webpack-cli 7 needs Node 22.15 (its rechoir); 6 runs on every Node Lattice supports.
      'webpack-cli@^6.0.1',
      '@module-federation/enhanced@^2.9.2',
      'esbuild-loader@^4.5.0',
      'css-loader@^7.1.5',
      'style-loader@^4.0.0',
      ...typeScript,
      '@types/react@^19.2.0',
    ],
    files: [
      ['webpack/ui-plugin.config.json', 'ui-plugin.config.json'],
      ['webpack/webpack.config.mjs', 'webpack.config.mjs'],
      ['remote-source/lattice-plugin.json', 'lattice-plugin.json'],
      ...remoteFiles,
    ],
  },
  rsbuild: {
    name: 'reports-rsbuild',
    install: () => [tarball('@lattice/ui-sdk'), '@rsbuild/core@^2.3.2', '@module-federation/rsbuild-plugin@^2.9.2', ...typeScript, '@types/react@^19.2.0'],
    files: [
      ['rsbuild/rsbuild.config.mjs', 'rsbuild.config.mjs'],
      ['remote-source/lattice-plugin.json', 'public/lattice-plugin.json'],
      ['remote-source/standalone.ts', 'src/standalone.ts'],
      ...remoteFiles,
    ],
  },
  vite: {
    name: 'reports-vite',
    install: () => [tarball('@lattice/ui-sdk'), 'vite@^8.0.0', '@module-federation/vite@^1.23.8', ...typeScript, '@types/react@^19.2.0'],
    files: [
      ['vite/vite.config.mjs', 'vite.config.mjs'],
      ['remote-source/lattice-plugin.json', 'public/lattice-plugin.json'],
      ['remote-source/standalone.ts', 'src/standalone.ts'],
      ...remoteFiles,
    ],
  },
  apiPlugin: {
    name: 'notes-plugin',
    settings: [['type=module']],
    install: () => [tarball('@lattice/contracts'), tarball('@lattice/broker'), tarball('@lattice/plugin-sdk'), ...typeScript],
    files: [
      ['api-plugin/tsconfig.json', 'tsconfig.json'],
      ['api-plugin/src/plugin.ts', 'src/plugin.ts'],
    ],
  },
} satisfies Record<string, ProjectSpec>;

async function prepare(spec: ProjectSpec): Promise<PreparedProject> {
  const from = performance.now();
  const dir = await npmInit(workDir, spec.name);
  for (const setting of spec.settings ?? []) await runNpm(['pkg', 'set', ...setting], dir);
  const warnings = await npmInstall(dir, spec.install());
  await addFiles(dir, spec.files);
  return { dir, warnings, seconds: seconds(from) };
}

// The installs wait mostly on the network and the disk: the four run side by side, each test awaits its own.
const prepared = new Map<keyof typeof projectSpecs, Promise<PreparedProject>>();
async function projectDir(key: keyof typeof projectSpecs, toolchain: string): Promise<string> {
  const { dir, warnings, seconds: took } = await prepared.get(key)!;
  console.log(`${toolchain}: npm init and install in ${took} s`);
  assertNoInstallWarning(warnings, toolchain);
  return dir;
}

before(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'lattice-sdk-projects-'));
  packed = await packPublishedPackages(join(workDir, 'tarballs'));
  console.log(`packed ${packed.size} tarballs in ${seconds(started)} s`);
  for (const [key, spec] of Object.entries(projectSpecs) as Array<[keyof typeof projectSpecs, ProjectSpec]>) {
    const preparing = prepare(spec);
    preparing.catch(() => undefined); // reported by the project's own test
    prepared.set(key, preparing);
  }
});

after(async () => {
  await rm(workDir, { recursive: true, force: true });
  console.log(`fresh SDK projects: ${seconds(started)} s in all`);
});

const tarball = (name: string) => packed.get(name)!.tarball;

/** An install warning is a failure: above all npm's ERESOLVE and peer-dependency warnings. */
function assertNoInstallWarning(warnings: InstallWarnings, toolchain: string): void {
  assert.deepEqual(warnings.filter((line) => /ERESOLVE|peer/i.test(line)), [], `${toolchain}: npm resolved every peer without a warning`);
  assert.deepEqual(warnings, [], `${toolchain}: npm install printed no warning`);
}

/** The built files of a remote: its entry, and the exposed page's own code among its chunks. */
async function assertRemoteBuilt(project: string, toolchain: string): Promise<string[]> {
  const files = (await readdir(join(project, 'dist'), { recursive: true })).map(String);
  assert.ok(files.includes('remoteEntry.js'), `${toolchain}: dist/remoteEntry.js (${files.join(', ')})`);
  const scripts = files.filter((file) => file.endsWith('.js'));
  const texts = await Promise.all(scripts.map((file) => readFile(join(project, 'dist', file), 'utf8')));
  assert.ok(texts.some((text) => text.includes('Built outside the repository')), `${toolchain}: the page's code is in the build`);
  // @lattice/ui-sdk (and the Mantine it carries) comes from the shell: a copy in the remote would be a second, unthemed Mantine.
  assert.ok(!texts.some((text) => text.includes('mantine-focus-auto')), `${toolchain}: no copy of Mantine in the remote`);
  return files;
}

/** The descriptor in the build, checked with the installed SDK's own parser (its `./config` export in Node). */
async function assertDescriptorValid(project: string): Promise<void> {
  const result = await runNode(
    project,
    `import { readFileSync } from 'node:fs';
     import { parseLatticePluginDescriptor } from '@lattice/ui-sdk/config';
     const parsed = parseLatticePluginDescriptor(JSON.parse(readFileSync('dist/lattice-plugin.json', 'utf8')));
     console.log(parsed.success ? 'valid ' + parsed.descriptor.scope : 'invalid ' + JSON.stringify(parsed));`,
  );
  assert.equal(result.trim(), 'valid reports');
}

test('the tarballs hold the built code and types, a README, and a manifest without anything of the repository', () => {
  assert.deepEqual([...packed.keys()], ['@lattice/contracts', '@lattice/broker', '@lattice/plugin-sdk', '@lattice/ui-sdk']);
  for (const { name, version, files, manifest } of packed.values()) {
    assert.match(version, /^\d+\.\d+\.\d+$/, `${name}: a release version`);
    assert.notEqual(version, '0.0.0');
    assert.equal(manifest.private, undefined, `${name}: publishable`);
    assert.ok(files.includes('README.md') && files.includes('dist/index.js') && files.includes('dist/index.d.ts'), `${name}: README, code and types`);
    assert.deepEqual(files.filter((file) => /^src\/|\.test\.|\.map$|test-support/.test(file)), [], `${name}: no sources, tests or source maps`);
    assert.doesNotMatch(JSON.stringify(manifest.exports), /development|(?<!\.d)\.tsx?"/, `${name}: exports point at built files only`);
    for (const [dependency, range] of Object.entries(manifest.dependencies ?? {})) {
      if (dependency.startsWith('@lattice/')) {
        assert.equal(range, `^${packed.get(dependency)?.version}`, `${name}: ${dependency} is published with it`);
      }
      assert.doesNotMatch(range, /^(\*|workspace:|file:|link:)/, `${name}: ${dependency}@${range} resolves from the registry`);
    }
  }
  const uiSdk = packed.get('@lattice/ui-sdk')!;
  for (const file of ['dist/config/index.d.ts', 'dist/webpack/index.d.ts', 'lattice-plugin.schema.json', 'ui-plugin.schema.json']) {
    assert.ok(uiSdk.files.includes(file), `@lattice/ui-sdk holds ${file}`);
  }
  assert.equal(uiSdk.manifest.peerDependencies?.webpack, '^5.0.0', 'every webpack 5');
});

test('webpack 5.113 + @module-federation/enhanced: the SDK installs without a warning, the remote type-checks and builds with createRemoteWebpackConfig', { timeout: 600_000 }, async () => {
  const from = performance.now();
  const project = await projectDir('webpack', 'webpack');
  const typeCheck = await runBin(project, 'typescript', ['-p', '.'], 'tsc');
  assert.ok(typeCheck.ok, `tsc -p . passes:\n${typeCheck.output}`);
  const build = await runBin(project, 'webpack-cli', ['--mode', 'production']);
  assert.ok(build.ok, `webpack --mode production builds:\n${build.output}`);
  const version = await runNode(project, `import webpack from 'webpack'; console.log(webpack.version);`);
  assert.equal(version.trim(), '5.113.0');
  await cp(join(project, 'lattice-plugin.json'), join(project, 'dist', 'lattice-plugin.json'));
  const files = await assertRemoteBuilt(project, 'webpack');
  assert.ok(files.includes('mf-manifest.json') && files.includes('ui-plugin.json'), 'webpack: the federation manifest and ui-plugin.json');
  await assertDescriptorValid(project);
  console.log(`webpack project: ${seconds(from)} s`);
});

test('Rsbuild + @module-federation/rsbuild-plugin: the SDK installs without a warning, the remote type-checks (and a type error is reported) and builds', { timeout: 600_000 }, async () => {
  const from = performance.now();
  const project = await projectDir('rsbuild', 'Rsbuild');
  const typeCheck = await runBin(project, 'typescript', ['-p', '.'], 'tsc');
  assert.ok(typeCheck.ok, `tsc -p . passes:\n${typeCheck.output}`);

  // The types are real, not `any`: a descriptor without its routes and a number as ConfirmModal's title are refused.
  await writeFile(
    join(project, 'src', 'mistakes.tsx'),
    [
      `import { ConfirmModal } from '@lattice/ui-sdk';`,
      `import type { LatticePluginDescriptorInput } from '@lattice/ui-sdk/config';`,
      `export const input: LatticePluginDescriptorInput = { name: 'reports', scope: 'reports' };`,
      `export const dialog = <ConfirmModal title={42} confirmLabel="Delete" busy={false} onConfirm={() => undefined} onClose={() => undefined}>Gone.</ConfirmModal>;`,
      '',
    ].join('\n'),
  );
  const mistakes = await runBin(project, 'typescript', ['-p', '.'], 'tsc');
  assert.equal(mistakes.ok, false, 'the planted mistakes fail the type check');
  assert.match(mistakes.output, /mistakes\.tsx\(3,\d+\): error TS\d+: Property 'routes' is missing/);
  assert.match(mistakes.output, /mistakes\.tsx\(4,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/);
  await rm(join(project, 'src', 'mistakes.tsx'));

  const build = await runBin(project, '@rsbuild/core', ['build']);
  assert.ok(build.ok, `rsbuild build builds:\n${build.output}`);
  const files = await assertRemoteBuilt(project, 'Rsbuild');
  assert.ok(files.includes('mf-manifest.json'), 'Rsbuild: the federation manifest');
  await assertDescriptorValid(project);
  console.log(`Rsbuild project: ${seconds(from)} s`);
});

test('Vite 8 + @module-federation/vite: the SDK installs without a warning, the remote type-checks and builds', { timeout: 600_000 }, async () => {
  const from = performance.now();
  const project = await projectDir('vite', 'Vite');
  const typeCheck = await runBin(project, 'typescript', ['-p', '.'], 'tsc');
  assert.ok(typeCheck.ok, `tsc -p . passes:\n${typeCheck.output}`);
  const build = await runBin(project, 'vite', ['build']);
  assert.ok(build.ok, `vite build builds:\n${build.output}`);
  const version = await runNode(project, `import { version } from 'vite'; console.log(version);`);
  assert.match(version.trim(), /^8\./);
  await assertRemoteBuilt(project, 'Vite');
  await assertDescriptorValid(project);
  console.log(`Vite project: ${seconds(from)} s`);
});

test('@lattice/plugin-sdk: installs with the contracts and broker it depends on, without a warning; a plugin type-checks, compiles and loads in Node', { timeout: 600_000 }, async () => {
  const from = performance.now();
  const project = await projectDir('apiPlugin', 'plugin-sdk');
  const compile = await runBin(project, 'typescript', ['-p', '.'], 'tsc');
  assert.ok(compile.ok, `tsc -p . compiles:\n${compile.output}`);
  const loaded = await runNode(project, `const { default: plugin } = await import('./dist/plugin.js'); console.log(plugin.name, Object.keys(plugin.permissions.notes.actions).join(','));`);
  assert.equal(loaded.trim(), 'notes showNotes');
  console.log(`plugin-sdk project: ${seconds(from)} s`);
});
