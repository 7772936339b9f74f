import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { startPorts } from './start.js';

const variables = ['LATTICE_GATEWAY_PORT', 'LATTICE_MOBILE_PORT', 'LATTICE_UI_PORT', 'LATTICE_INTEGRATIONS_PORT'] as const;
const saved = Object.fromEntries(variables.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of variables) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('lattice start moves its ports', () => {
  it('keeps the defaults (front-end and integrations left to runPlatform: 3000 and 3400) when nothing is given', () => {
    for (const name of variables) delete process.env[name];
    assert.deepEqual(startPorts({}), { port: 3300, mobilePort: 4100, uiPort: undefined, integrationsPort: undefined });
  });

  it('takes --ui-port and --integrations-port, else LATTICE_UI_PORT and LATTICE_INTEGRATIONS_PORT', () => {
    for (const name of variables) delete process.env[name];
    assert.deepEqual(startPorts({ 'ui-port': '8000', 'integrations-port': '8400' }), { port: 3300, mobilePort: 4100, uiPort: 8000, integrationsPort: 8400 });
    process.env.LATTICE_UI_PORT = '9000';
    process.env.LATTICE_INTEGRATIONS_PORT = '9400';
    assert.deepEqual(startPorts({}), { port: 3300, mobilePort: 4100, uiPort: 9000, integrationsPort: 9400 });
    assert.equal(startPorts({ 'ui-port': '8001' }).uiPort, 8001, 'the option wins over the variable');
  });

  it('refuses a port that is not one, naming the option', () => {
    assert.throws(() => startPorts({ 'ui-port': 'web' }), /--ui-port must be a port number, got "web"/);
    assert.throws(() => startPorts({ 'integrations-port': '70000' }), /--integrations-port must be a port number, got "70000"/);
  });
});
