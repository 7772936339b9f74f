import { ConfigError } from './config/config-error.js';

/** Every failure leaves the CLI here: what went wrong and what to do, then a non-zero exit. */
export function exitWithError(error: unknown): never {
  if (error instanceof ConfigError) {
    console.error(`lattice: ${error.message}\nFix the file and run the command again.`);
  } else if (error instanceof Error && (error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    const said = /another program uses that port/.test(error.message) ? error.message : `${error.message}: another program uses that port`;
    console.error(`lattice: ${said}. Stop it, or give this role another port (--port).`);
  } else if (error instanceof Error) {
    console.error(`lattice: ${error.message}`);
    if (process.env.LATTICE_DEBUG) console.error(error.stack);
  } else {
    console.error('lattice: failed:', error);
  }
  process.exit(1);
}
