/**
 * The platform side of per-document.ts, in a process of its own with NODE_ENV=production (as npm start runs): the
 * core and documents hosts and the gateway on the database given in MONGO_URL. Prints what the bench needs as one
 * JSON line, then runs until stdin closes.
 */
import { loadPluginPackage } from '@lattice/platform';
import { startTestPlatform } from '@lattice/platform/test-kit';

const platform = await startTestPlatform({ plugins: [await loadPluginPackage('documents')] });
const documents = platform.plugins.get('documents');
if (!documents) throw new Error('no documents host');
console.log(
  JSON.stringify({ documentsUrl: documents.url, secret: platform.authTokenSecret, cookie: platform.authCookie, dbName: platform.dbNames['documents'], nodeEnv: process.env.NODE_ENV }),
);
process.stdin.resume();
process.stdin.on('end', () => void platform.stop().then(() => process.exit(0)));
