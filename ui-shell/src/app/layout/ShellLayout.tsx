import { SideNavigation } from './SideNavigation.js';
import { UserMenu } from './UserMenu.js';
import { AppShell, Group, Outlet, Title } from '@lattice/ui-sdk';

export function ShellLayout() {
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'xs' }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px="lg" justify="space-between">
          <Title order={3} c="indigo.7">
            Lattice
          </Title>
          <UserMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Main navigation">
        <SideNavigation />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
