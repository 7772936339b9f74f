import { Anchor, Link, Text, Title } from '@lattice/ui-sdk';

export function InboxNotFound() {
  return (
    <>
      <Title order={2}>Not found</Title>
      <Text c="dimmed">
        The inbox plugin has no such page.{' '}
        <Anchor component={Link} to="/inbox/">
          Inbox
        </Anchor>
      </Text>
    </>
  );
}
