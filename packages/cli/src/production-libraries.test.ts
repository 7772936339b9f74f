import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';

// Each case in a fresh process: the choice is made once, before any library loads.
function decide(argv: string[], env: Record<string, string> = {}): { nodeEnv?: string; production: boolean } {
  const script = `
    const { useProductionLibraries, isProductionDeployment } = await import('./src/production-libraries.ts');
    useProductionLibraries(${JSON.stringify(argv)});
    console.log(JSON.stringify({ nodeEnv: process.env.NODE_ENV, production: isProductionDeployment() }));`;
  const { NODE_ENV: _unset, LATTICE_NODE_ENV_DEFAULTED: _unset2, ...inherited } = process.env;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: new URL('..', import.meta.url).pathname,
    env: { ...inherited, ...env },
    encoding: 'utf8',
  });
  return JSON.parse(output) as { nodeEnv?: string; production: boolean };
}

describe('NODE_ENV for the libraries', () => {
  it('is production for npm start and the services unless --dev, without making it a production deployment', () => {
    assert.deepEqual(decide(['start']), { nodeEnv: 'production', production: false });
    assert.deepEqual(decide(['host', 'documents']), { nodeEnv: 'production', production: false });
    assert.deepEqual(decide(['start', '--dev']), { production: false });
    assert.deepEqual(decide(['dev']), { production: false });
  });

  it("keeps the operator's own NODE_ENV, and their production is a production deployment", () => {
    assert.deepEqual(decide(['start'], { NODE_ENV: 'production' }), { nodeEnv: 'production', production: true });
    assert.deepEqual(decide(['start'], { NODE_ENV: 'development' }), { nodeEnv: 'development', production: false });
  });
});
