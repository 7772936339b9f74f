import { createRoot } from 'react-dom/client';
import { loadDefinedCatalogues } from '@lattice/ui-sdk';
import { App } from './App.js';
import { createApolloClient } from './apollo/create-apollo-client.js';
import { currentUserQuery } from '../graphql/current-user-query.js';
import { pluginsManifestRequest } from './boot/plugins-manifest-request.js';
import { registerMobileServiceWorker } from './boot/register-service-worker.js';
import { recoveredRenderErrorPrefix } from './boot/recovered-render-error.js';
import { preloadEarlyPlugins } from './plugins/remote-registry.js';
import { applyLocale, initialLocale } from './i18n/initial-locale.js';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The session check and the opened page's data are asked for before React renders, not after:
// RequireAuth and the page then find them in flight or in the cache.
const client = createApolloClient();
void client.query({ query: currentUserQuery }).catch(() => undefined);
preloadEarlyPlugins(client);
const locale = initialLocale();
applyLocale(locale, { remember: false });
// The manifest is inlined in index.html, so this waits for nothing in production; the first render
// then has the plugins' routes instead of a loader. The shell's and ui-sdk's messages in another language
// than English (bundled) arrive meanwhile, so the first render shows that language.
void Promise.all([pluginsManifestRequest, loadDefinedCatalogues(locale)]).then(([plugins]) => {
  performance.mark('lattice:render-start');
  createRoot(container, { onRecoverableError: reportRecoveredError }).render(<App client={client} plugins={plugins} locale={locale} />);
});
registerMobileServiceWorker();

// React recovers from an error thrown while rendering concurrently by rendering again synchronously; by
// default it reports only its wrapper ("error #520" in production) as an uncaught error. The page the user
// sees is whole, so it is logged as an error naming what was thrown and where, not raised as uncaught.
function reportRecoveredError(error: unknown, info: { componentStack?: string }): void {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  console.error(`${recoveredRenderErrorPrefix} ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}${info.componentStack ?? ''}`);
}
