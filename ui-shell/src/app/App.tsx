import type { ApolloClient } from '@apollo/client';
import { Suspense, lazy, useMemo, type ReactNode } from 'react';
import {
  BrowserRouter,
  I18nProvider,
  IntegrationComponentsContext,
  LatticeProvider,
  MantineProvider,
  Navigate,
  Route,
  Routes,
  localStorageColorSchemeManager,
  useMessages,
  type Locale,
} from '@lattice/ui-sdk';
import { RedirectOnUnauthenticated } from './auth/RedirectOnUnauthenticated.js';
import { RequireAuth } from './auth/RequireAuth.js';
import { ShellLayout } from './layout/ShellLayout.js';
import { LoginPage } from './pages/LoginPage.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { SettingsPage } from './pages/SettingsPage.js';
import { HomePage } from './pages/HomePage.js';
import { appBase } from './boot/app-base.js';
import type { PluginsManifestResult } from './boot/plugins-manifest-request.js';
import { PluginsProvider, usePlugins } from './plugins/PluginsProvider.js';
import { RemotePage } from './plugins/RemotePage.js';
import { integrationComponents } from './plugins/integration-components.js';
import { remoteLoadErrorText } from './plugins/remote-load-errors.js';
import { pluginRoutePaths } from './plugins/plugin-route-paths.js';
import { colorSchemeStorageKey, createShellTheme, cssVariablesResolver } from './theme.js';
import { applyLocale } from './i18n/initial-locale.js';
import { shellCatalogue } from './i18n/shell-catalogue.js';
import { PageLoader } from './layout/PageLoader.js';

// Loaded when opened, so that the shell's first JavaScript does not carry pages most visits never show.
const UsersPage = lazy(() => import('./users/UsersPage.js').then((module) => ({ default: module.UsersPage })));
const ChangePasswordPage = lazy(() => import('./users/ChangePasswordPage.js').then((module) => ({ default: module.ChangePasswordPage })));
const PermissionsPage = lazy(() => import('./permissions/PermissionsPage.js').then((module) => ({ default: module.PermissionsPage })));
const ActivityPage = lazy(() => import('./activity/ActivityPage.js').then((module) => ({ default: module.ActivityPage })));

function Lazily({ children }: { children: ReactNode }) {
  const t = useMessages(shellCatalogue);
  return <Suspense fallback={<PageLoader label={t('app.loading')} />}>{children}</Suspense>;
}

// Follows the system until the user picks light or dark; index.html applies the same choice before the first paint.
const colorSchemeManager = localStorageColorSchemeManager({ key: colorSchemeStorageKey });

const rememberLocale = (locale: Locale) => applyLocale(locale, { remember: true });

export function App({ client, plugins, locale }: { client: ApolloClient; plugins: PluginsManifestResult; locale: Locale }) {
  return (
    <I18nProvider initialLocale={locale} onLocaleChange={rememberLocale}>
      <ShellProviders client={client} plugins={plugins} />
    </I18nProvider>
  );
}

function ShellProviders({ client, plugins }: { client: ApolloClient; plugins: PluginsManifestResult }) {
  const t = useMessages(shellCatalogue);
  const closeLabel = t('theme.close');
  const theme = useMemo(() => createShellTheme(closeLabel), [closeLabel]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <LatticeProvider client={client}>
        <PluginsProvider value={plugins}>
          <IntegrationComponents>
            <BrowserRouter basename={appBase || undefined}>
              <RedirectOnUnauthenticated />
              <AppRoutes />
            </BrowserRouter>
          </IntegrationComponents>
        </PluginsProvider>
      </LatticeProvider>
    </MantineProvider>
  );
}

/** The inbox's integration views, from the plugins this session sees (asked again after logging in). */
function IntegrationComponents({ children }: { children: ReactNode }) {
  const t = useMessages(shellCatalogue);
  const { plugins } = usePlugins();
  // An integration view that fails to load says why in the inbox's alert, in the user's language.
  const components = useMemo(() => integrationComponents(plugins, (error) => remoteLoadErrorText(error, t)), [plugins, t]);
  return <IntegrationComponentsContext.Provider value={components}>{children}</IntegrationComponentsContext.Provider>;
}

function AppRoutes() {
  const { plugins, signedIn } = usePlugins();
  const t = useMessages(shellCatalogue);
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route element={<RequireAuth />}>
        <Route element={<ShellLayout />}>
          <Route index element={<HomePage />} />
          <Route path="/settings" element={<SettingsPage />} />
          <Route
            path="/settings/users"
            element={
              <Lazily>
                <UsersPage />
              </Lazily>
            }
          />
          <Route
            path="/settings/permissions"
            element={
              <Lazily>
                <PermissionsPage />
              </Lazily>
            }
          />
          <Route
            path="/settings/activity"
            element={
              <Lazily>
                <ActivityPage />
              </Lazily>
            }
          />
          <Route
            path="/settings/password"
            element={
              <Lazily>
                <ChangePasswordPage />
              </Lazily>
            }
          />
          {plugins.flatMap((plugin) =>
            pluginRoutePaths(plugin).map((path) => (
              <Route key={`${plugin.name}:${path}`} path={path} element={<RemotePage plugin={plugin} />} />
            )),
          )}
          <Route path="/home" element={<Navigate to="/" replace />} />
          {/* Before the signed-in manifest arrives a plugin's path is not unknown, only not known yet. */}
          <Route path="*" element={signedIn === false ? <PageLoader label={t('app.loading')} /> : <NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
