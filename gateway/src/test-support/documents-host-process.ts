import { startDocumentsHost } from './sample-plugins.js';

// The sample documents host in a process of its own, for tests that stop it for real (SIGSTOP): it prints its URL
// as one line when it listens, and runs until it is killed.
const host = await startDocumentsHost();
process.stdout.write(`${host.url}\n`);
