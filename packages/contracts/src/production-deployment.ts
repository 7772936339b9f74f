/**
 * Set by the CLI when it, not the operator, chose NODE_ENV=production: libraries then skip their development
 * checks, but the deployment is not a production one (a fresh checkout's `npm start` must still start, and still
 * reach a mail server on 127.0.0.1).
 */
export const nodeEnvDefaultedVariable = 'LATTICE_NODE_ENV_DEFAULTED';

/**
 * Whether the operator deployed for production (NODE_ENV=production of their own), as every part of the platform
 * that refuses development settings must read it: NODE_ENV alone also says "production" under `npm start`.
 */
export function isProductionDeployment(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return env.NODE_ENV === 'production' && env[nodeEnvDefaultedVariable] !== '1';
}
