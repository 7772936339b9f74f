#!/usr/bin/env node
import { useProductionLibraries } from './production-libraries.js';

useProductionLibraries(process.argv.slice(2));
// Loaded after NODE_ENV is settled: graphql-js reads it once, as it loads.
const { runCli } = await import('./run-cli.js');
await runCli(process.argv.slice(2));
