import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { sharedIncompatibilities, shellSharedVersions } from './shared-compatibility.js';

const require = createRequire(import.meta.url);

test("the shell's shared versions are the installed packages'", () => {
  const provided = shellSharedVersions();
  assert.equal(provided.react, (require('react/package.json') as { version: string }).version);
  assert.deepEqual(Object.keys(provided).sort(), ['@apollo/client', '@lattice/ui-sdk', 'react', 'react-dom', 'react-router-dom']);
});

test('a range the shell satisfies passes; another major, or a module the shell does not share, is named', () => {
  const provided = { react: '19.3.1', 'react-router-dom': '7.18.5' };
  assert.deepEqual(sharedIncompatibilities({ react: '^19.0.0', 'react-router-dom': '>=7.1 <8' }, provided), []);
  assert.deepEqual(sharedIncompatibilities({ react: '^18.0.0', vue: '^3.0.0' }, provided), [
    'shared.react: needs ^18.0.0, the shell has 19.3.1',
    'shared.vue: needs ^3.0.0, which the shell does not provide',
  ]);
});
