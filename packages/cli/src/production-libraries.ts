import { nodeEnvDefaultedVariable } from '@lattice/contracts';

export { isProductionDeployment } from '@lattice/contracts';

/** The commands that run the platform or one of its services (not `dev`, which runs webpack's dev servers too). */
const SERVING_COMMANDS = new Set(['start', 'host', 'gateway', 'db', 'widgets', 'dashboard-api', 'essyncer', 'search-engine']);

/**
 * Libraries run their development checks unless NODE_ENV says production (graphql-js checks every type test
 * across realms: 5.6% of a long list's CPU in issue 28's profile). So the commands that serve run with
 * NODE_ENV=production unless `--dev` is given or the operator set NODE_ENV; called before any command (and any
 * library) loads.
 */
export function useProductionLibraries(argv: readonly string[]): void {
  if (process.env.NODE_ENV !== undefined || !SERVING_COMMANDS.has(argv[0] ?? '') || argv.includes('--dev')) return;
  process.env.NODE_ENV = 'production';
  process.env[nodeEnvDefaultedVariable] = '1';
}
