import { Anchor, Link, Text, Title } from '@lattice/ui-sdk';

export function ImapNotFound() {
  return (
    <>
      <Title order={2}>Not found</Title>
      <Text c="dimmed">
        The imap plugin has no such page.{' '}
        <Anchor component={Link} to="/imap/">
          IMAP accounts
        </Anchor>
      </Text>
    </>
  );
}
