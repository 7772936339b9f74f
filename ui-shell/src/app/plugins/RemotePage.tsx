import { RemoteBoundary, useLocale, useMessages, usePageTitle, useLocation, type PluginManifestEntry } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { PageLoader } from '../layout/PageLoader.js';
import { PluginUnavailable } from './PluginUnavailable.js';
import { loadedPluginRoutes, pluginRoutesForPage } from './remote-registry.js';
import { useRemoteComponent, type RemoteComponentLoader } from './use-remote-component.js';
import { pluginLabel, pluginPageTitle } from './plugin-route-paths.js';

const loadRoutes: RemoteComponentLoader = async (plugin, fresh) => (await pluginRoutesForPage(plugin, fresh)).default;

/**
 * A plugin's pages: its remote's `./routes`, loaded on first visit, inside its own error boundary.
 */
export function RemotePage({ plugin }: { plugin: PluginManifestEntry }) {
  const { pathname } = useLocation();
  const { locale } = useLocale();
  const t = useMessages(shellCatalogue);
  usePageTitle(pluginPageTitle(plugin, pathname, locale));
  // Loaded already (the opened page's plugin starts loading before React renders): no loader in between.
  const { key, Component: Routes, error, retry } = useRemoteComponent(plugin, loadRoutes, loadedPluginRoutes(plugin)?.default);
  const label = pluginLabel(plugin, locale);
  if (error) return <PluginUnavailable label={label} error={error} onRetry={retry} />;
  if (!Routes) return <PageLoader label={t('plugins.loading', { label })} />;
  return (
    <RemoteBoundary key={key} fallback={(error) => <PluginUnavailable label={label} error={error} onRetry={retry} />}>
      <Routes />
    </RemoteBoundary>
  );
}
