import { Anchor, Link, Message, Stack, Text, Title, useMessages, usePageTitle } from '@lattice/ui-sdk';
import { imapCatalogue } from '../imap-catalogue.js';
import { ImapAccountList } from '../components/ImapAccountList.js';

/** /imap/: the same account list the inbox's integrations page shows, on a page of its own. */
export function ImapAccountsPage() {
  const t = useMessages(imapCatalogue);
  usePageTitle(t('accounts.title'));
  return (
    <Stack>
      <Title order={2}>{t('accounts.title')}</Title>
      <Text c="dimmed">
        <Message catalogue={imapCatalogue} id="accounts.intro" components={{ link: <Anchor component={Link} to="/inbox/integrations" /> }} />
      </Text>
      <ImapAccountList />
    </Stack>
  );
}
