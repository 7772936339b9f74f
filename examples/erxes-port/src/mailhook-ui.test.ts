import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { mailhookPlugin } from './mailhook/plugin.js';

// The UI template's port (ui/): its descriptor is what the shell reads to load the remote's components.
const read = async (path: string): Promise<unknown> => JSON.parse(await readFile(new URL(path, import.meta.url), 'utf8'));

describe('the ported UI template (ui/lattice-plugin.json)', () => {
  it("is a valid remote descriptor by the ui-sdk's JSON Schema", async () => {
    const schema = (await read('../../../packages/ui-sdk/lattice-plugin.schema.json')) as object;
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    const descriptor = await read('../ui/lattice-plugin.json');
    assert.ok(validate(descriptor), JSON.stringify(validate.errors));
  });

  it("offers the kind the API plugin announces, with the form and conversation detail erxes's template exposed", async () => {
    const descriptor = (await read('../ui/lattice-plugin.json')) as {
      name: string;
      inboxIntegration: { kind: string };
      inboxIntegrationForm?: string;
      inboxConversationDetail?: string;
    };
    assert.equal(descriptor.name, mailhookPlugin.name);
    assert.equal(descriptor.inboxIntegration.kind, mailhookPlugin.meta?.inboxIntegration?.kind);
    assert.equal(descriptor.inboxIntegrationForm, './inboxIntegrationForm');
    assert.equal(descriptor.inboxConversationDetail, './inboxConversationDetail');
  });
});
