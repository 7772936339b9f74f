/** The commands that run the platform or one of its services (not `dev`, which runs webpack's dev servers too). */
const SERVING_COMMANDS = new Set(['start', 'host', 'gateway', 'db', 'widgets', 'dashboard-api', 'essyncer', 'search-engine']);

/** Set when the CLI, not the operator, chose NODE_ENV=production (for the libraries' sake). */
const DEFAULTED = 'LATTICE_NODE_ENV_DEFAULTED';

/**
 * Libraries run their development checks unless NODE_ENV says production (graphql-js checks every type test
 * across realms: 5.6% of a long list's CPU in issue 28's profile). So the commands that serve run with
 * NODE_ENV=production unless `--dev` is given or the operator set NODE_ENV; called before any command (and any
 * library) loads.
 */
export function useProductionLibraries(argv: readonly string[]): void {
  if (process.env.NODE_ENV !== undefined || !SERVING_COMMANDS.has(argv[0] ?? '') || argv.includes('--dev')) return;
  process.env.NODE_ENV = 'production';
  process.env[DEFAULTED] = '1';
}

/**
 * Whether the operator deployed for production (NODE_ENV=production of their own): then a placeholder secret
 * stops start-up. NODE_ENV set by useProductionLibraries alone does not count, so `npm start` on a fresh checkout
 * still starts.
 */
export function isProductionDeployment(): boolean {
  return process.env.NODE_ENV === 'production' && process.env[DEFAULTED] !== '1';
}
