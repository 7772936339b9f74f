import { ConfigError } from './config/config-error.js';

/** Every failure leaves the CLI here: what went wrong and what to do, then a non-zero exit. */
export function exitWithError(error: unknown): never {
  if (error instanceof ConfigError) {
    console.error(`lattice: ${error.message}\nFix the file and run the command again.`);
  } else if (error instanceof Error && (error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`lattice: ${error.message}: another program uses that port. Stop it or set LATTICE_GATEWAY_PORT.`);
  } else if (error instanceof Error) {
    console.error(`lattice: ${error.message}`);
    if (process.env.LATTICE_DEBUG) console.error(error.stack);
  } else {
    console.error('lattice: failed:', error);
  }
  process.exit(1);
}
