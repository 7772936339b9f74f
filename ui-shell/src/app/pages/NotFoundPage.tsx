import { Anchor, Link, Stack, Text, Title, usePageTitle } from '@lattice/ui-sdk';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Stack>
      <Title order={2}>Page not found</Title>
      <Text c="dimmed">No page or enabled plugin serves this address.</Text>
      <Anchor component={Link} to="/">
        Back to the home page
      </Anchor>
    </Stack>
  );
}
