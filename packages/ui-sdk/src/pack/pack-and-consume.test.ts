import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packOutsideTheRepo } from './pack-outside-the-repo.js';
import { runNpm } from './run-npm.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc');
// The version the repository installed, so npm's cache (filled by `npm ci`) serves it.
const typesReactVersion = (JSON.parse(await readFile(require.resolve('@types/react/package.json'), 'utf8')) as { version: string }).version;

const consumerTsconfig = {
  compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, jsx: 'react-jsx', noEmit: true, skipLibCheck: true, types: [] },
  files: ['remote.tsx'],
};

const wellTyped = `
import { ConfirmModal, type UiPluginMenu } from '@lattice/ui-sdk';
import { latticePluginDescriptorSchema, parseLatticePluginDescriptor, type LatticePluginDescriptorInput } from '@lattice/ui-sdk/config';

const input: LatticePluginDescriptorInput = { name: 'reports', scope: 'reports', routes: { module: './routes' } };
const parsed = parseLatticePluginDescriptor(input);
export const menus: UiPluginMenu[] = parsed.success ? parsed.descriptor.menus : [];
export const scope: string = latticePluginDescriptorSchema.parse(input).scope;
export const dialog = <ConfirmModal title="Delete the report?" confirmLabel="Delete" busy={false} onConfirm={() => undefined} onClose={() => undefined}>Gone for good.</ConfirmModal>;
`;

// Two deliberate mistakes: a descriptor without its routes, and a number where ConfirmModal takes a string title.
const illTyped = `
import { ConfirmModal } from '@lattice/ui-sdk';
import type { LatticePluginDescriptorInput } from '@lattice/ui-sdk/config';

export const input: LatticePluginDescriptorInput = { name: 'reports', scope: 'reports' };
export const dialog = <ConfirmModal title={42} confirmLabel="Delete" busy={false} onConfirm={() => undefined} onClose={() => undefined}>Gone.</ConfirmModal>;
`;

async function typeCheck(project: string, source: string): Promise<{ ok: boolean; output: string }> {
  await writeFile(join(project, 'remote.tsx'), source);
  try {
    await run(process.execPath, [tsc, '-p', project], { cwd: project });
    return { ok: true, output: '' };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

test('npm pack of @lattice/ui-sdk installs in a project outside the repository and type-checks against it', { timeout: 600_000 }, async () => {
  const workDir = await mkdtemp(join(tmpdir(), 'ui-sdk-pack-'));
  try {
    const { tarball, files } = await packOutsideTheRepo(workDir);
    for (const file of ['dist/index.js', 'dist/index.d.ts', 'dist/config/index.d.ts', 'dist/webpack/index.d.ts', 'lattice-plugin.schema.json', 'ui-plugin.schema.json', 'README.md']) {
      assert.ok(files.includes(file), `the tarball holds ${file}`);
    }
    assert.deepEqual(files.filter((file) => /\.test\.|^src\/pack\//.test(file)), [], 'no tests in the tarball');

    const project = join(workDir, 'consumer');
    await mkdir(project);
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    await writeFile(join(project, 'tsconfig.json'), JSON.stringify(consumerTsconfig));
    await runNpm(['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball, `@types/react@${typesReactVersion}`], project);
    const installed = JSON.parse(await readFile(join(project, 'node_modules', '@lattice', 'ui-sdk', 'package.json'), 'utf8')) as { version: string };
    assert.match(installed.version, /^\d+\.\d+\.\d+$/);
    await readFile(join(project, 'node_modules', 'react', 'package.json')); // the peer npm installed beside it
    await assert.rejects(readFile(join(project, 'node_modules', 'webpack', 'package.json')), 'webpack is an optional peer: not installed for a non-webpack team');

    const good = await typeCheck(project, wellTyped);
    assert.ok(good.ok, `the well-typed remote type-checks:\n${good.output}`);
    const bad = await typeCheck(project, illTyped);
    assert.equal(bad.ok, false, 'the ill-typed remote is refused');
    assert.match(bad.output, /remote\.tsx\(5,\d+\): error TS\d+: Property 'routes' is missing/);
    assert.match(bad.output, /remote\.tsx\(6,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
});
