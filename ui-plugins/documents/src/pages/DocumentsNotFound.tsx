import { Anchor, Link, Text, Title } from '@lattice/ui-sdk';

export function DocumentsNotFound() {
  return (
    <>
      <Title order={2}>Not found</Title>
      <Text c="dimmed">
        The documents plugin has no such page.{' '}
        <Anchor component={Link} to="/documents/">
          All documents
        </Anchor>
      </Text>
    </>
  );
}
