import { test } from 'node:test';
import assert from 'node:assert/strict';
import { publishManifest, UnpublishableError, type WorkspaceManifest } from './publish-manifest.js';

const workspace: WorkspaceManifest = {
  name: '@lattice/plugin-sdk',
  version: '0.1.0',
  private: true,
  type: 'module',
  exports: { '.': { development: './src/index.ts', types: './dist/index.d.ts', default: './dist/index.js' } },
  scripts: { build: 'tsc' },
  dependencies: { '@lattice/contracts': '*', zod: '^4.6.7' },
  devDependencies: { '@lattice/embedded-mongo': '*' },
};

test('the published manifest drops private, scripts, devDependencies and the development condition, and pins workspace dependencies', () => {
  const published = publishManifest(workspace, new Map([['@lattice/contracts', '0.1.0']]));
  assert.deepEqual(published, {
    name: '@lattice/plugin-sdk',
    version: '0.1.0',
    type: 'module',
    exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
    dependencies: { '@lattice/contracts': '^0.1.0', zod: '^4.6.7' },
    publishConfig: { access: 'public' },
  });
});

test('a dependency on a workspace package that is not published, or a placeholder version, refuses the package with the reason', () => {
  assert.throws(() => publishManifest(workspace, new Map()), (error: unknown) => error instanceof UnpublishableError && /depends on @lattice\/contracts, which is not published/.test(error.message));
  assert.throws(() => publishManifest({ ...workspace, version: '0.0.0-private' }, new Map([['@lattice/contracts', '0.1.0']])), /not a release version/);
});
