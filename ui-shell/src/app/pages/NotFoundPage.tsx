import { Anchor, Link, Stack, Text, Title, useMessages, usePageTitle } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';

export function NotFoundPage() {
  const t = useMessages(shellCatalogue);
  usePageTitle(t('notFound.title'));
  return (
    <Stack>
      <Title order={2}>{t('notFound.title')}</Title>
      <Text c="dimmed">{t('notFound.text')}</Text>
      <Anchor component={Link} to="/">
        {t('notFound.back')}
      </Anchor>
    </Stack>
  );
}
