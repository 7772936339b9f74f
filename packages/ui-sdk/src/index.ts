// The browser door: what the shell and remotes import at run time. Node-side helpers live behind
// `@lattice/ui-sdk/config` and `@lattice/ui-sdk/webpack` so they never reach a bundle.
export { LatticeProvider, type LatticeProviderProps } from './client/LatticeProvider.js';
export { useLatticeClient } from './client/use-lattice-client.js';
export { PermissionsContext, useCan, usePermissions } from './client/permissions-context.js';
export { graphQLErrorCode, graphQLErrorMessage } from './client/graphql-error-code.js';
export { refetchAfterEvent, type RefetchableQuery, type RefetchTarget } from './client/refetch-after-event.js';
export type { RoutesPreload, RoutesPreloadContext } from './client/routes-preload.js';
export type {
  PluginManifestEntry,
  PluginsManifest,
  RefusedPlugin,
  RefusalCheck,
  LatticePluginDescriptor,
  UiPluginConfig,
  UiPluginMenu,
  InboxIntegration,
} from './config/index.js';
export { menuText } from './config/menu-text.js';
export * from './components/mantine.js';
export { BrowserRouter, Link, Navigate, Outlet, Route, Routes, useLocation, useNavigate, useParams, useSearchParams, NavLink as RouterNavLink } from './components/router.js';
export * from './components/icons.js';
export { usePageTitle } from './components/use-page-title.js';
export { DateInput } from './components/DateInput.js';
export { ConfirmModal } from './components/ConfirmModal.js';
export { EditConflict, type ConflictingField } from './components/EditConflict.js';
export { FormModal } from './components/FormModal.js';
export { useConfirmation } from './components/use-confirmation.js';
export { PluginPageNotFound } from './components/PluginPageNotFound.js';
export { RemoteBoundary } from './components/RemoteBoundary.js';
export {
  IntegrationComponentsContext,
  IntegrationComponentMissing,
  type CreatedIntegration,
  type InboxConversationDetailProps,
  type InboxNote,
  type InboxReplyRetry,
  type InboxIntegrationFormProps,
  type InboxIntegrationSettingsProps,
  type InboxIntegrationSlot,
  type InboxIntegrationSlotProps,
  type IntegrationComponents,
} from './inbox/integration-components.js';
export { IntegrationComponent } from './inbox/IntegrationComponent.js';
export { ConversationNote } from './inbox/ConversationNote.js';
export { ListPage, type ListPageProps } from './list/ListPage.js';
export { ListSearch, type ListSearchProps } from './list/ListSearch.js';
export { SortableHeader, type SortableHeaderProps } from './list/SortableHeader.js';
export { pageCountOf, sortChange, useLastPageWithin, useListUrl, type ChangeListUrl, type SortDirection } from './list/list-url.js';
export { ActivityHistory } from './activity/ActivityHistory.js';
export { ActivityChanges } from './activity/ActivityChanges.js';
export { useUserNames } from './activity/use-user-names.js';
export { activityLogFields, changeValueText, changedFields, type ActivityLog, type FieldChange } from './activity/activity-log.js';
export { defineCatalogue, loadDefinedCatalogues, type Catalogue, type CatalogueMessages, type CatalogueTranslations } from './i18n/define-catalogue.js';
export { useMessages, type MessageValues, type Translate } from './i18n/use-messages.js';
export { Message } from './i18n/Message.js';
export { useFormat, type Formatters } from './i18n/use-format.js';
export type { DateValue } from './i18n/intl-format.js';
export { I18nProvider } from './i18n/I18nProvider.js';
export { useLocale, type LocaleState } from './i18n/locale-context.js';
export { isLocale, matchLocale, sourceLocale, supportedLocales, type Locale } from './i18n/locales.js';
