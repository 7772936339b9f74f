import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { PluginDefinitionError } from '@lattice/plugin-sdk';
import { loadPluginPackage } from '../plugins/load-plugin-package.js';
import { checkPluginOperations } from './build-plugin-schema.js';

// Every API plugin of the repository, found on disk so a new one cannot be forgotten here.
const pluginsFolder = new URL('../../../../api-plugins/', import.meta.url);
const names = (await readdir(pluginsFolder, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

describe("every plugin's schema", () => {
  it('finds the plugins', () => {
    for (const name of ['core', 'documents', 'contacts', 'inbox', 'imap', 'messenger']) assert.ok(names.includes(name), name);
  });

  for (const name of names) {
    it(`${name}: every Query, Mutation and Subscription field declares what it needs`, async () => {
      const definition = await loadPluginPackage(name);
      try {
        checkPluginOperations(definition);
      } catch (error) {
        if (error instanceof PluginDefinitionError) assert.fail(error.message);
        throw error;
      }
      assert.ok(Object.keys(definition.operations?.Query ?? {}).length > 0, `${name} declares its queries`);
    });
  }
});
