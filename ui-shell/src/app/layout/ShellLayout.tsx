import { Suspense, useEffect, type MouseEvent } from 'react';
import { AppShell, Burger, Group, Outlet, Title, useDisclosure, useLocation, useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { ConnectionBanner } from '../connection/ConnectionBanner.js';
import { NewConversationNotices } from '../notifications/NewConversationNotices.js';
import { PageLoader } from './PageLoader.js';
import { ColorSchemeControl } from './ColorSchemeControl.js';
import { SideNavigation } from './SideNavigation.js';
import { SkipLink, mainContentId, mainContentStyle } from './SkipLink.js';
import { UserMenu } from './UserMenu.js';
import { SearchBox } from '../search/SearchBox.js';

/**
 * Header, navigation and page. Below Mantine's `sm` breakpoint (48em) the navigation is a panel that the
 * header's menu button opens and closes; following one of its links, or going to another page, closes it.
 * A page that only rewrites its query string (the documents page keeps its search and paging there) does
 * not: the panel would close under the user's finger.
 */
export function ShellLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const t = useMessages(shellCatalogue);
  useEffect(close, [pathname, close]);
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) close();
  };
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding={{ base: 'sm', sm: 'lg' }}>
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? t('layout.closeNavigation') : t('layout.openNavigation')}
              aria-expanded={opened}
              aria-controls="lattice-navigation"
            />
            <Title order={3} c="indigo.6">
              Lattice
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <SearchBox />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('layout.mainNavigation')} id="lattice-navigation" component="nav" onClick={closeOnLink}>
        {/* A long navigation scrolls inside its panel, so the colour-scheme switch below stays on screen. */}
        <AppShell.Section grow style={{ overflowY: 'auto', minHeight: 0 }}>
          <SideNavigation />
        </AppShell.Section>
        <AppShell.Section pt="sm">
          <ColorSchemeControl />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id={mainContentId} tabIndex={-1} style={mainContentStyle}>
        <ConnectionBanner />
        <NewConversationNotices />
        {/* A page whose messages are not loaded in the chosen language yet waits here, under the header and navigation. */}
        <Suspense fallback={<PageLoader label={t('app.loading')} />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
