import { Stack, Text, Title } from '@lattice/ui-sdk';
import { ImapAccountList } from '../components/ImapAccountList.js';

/** /imap/: the same account list the inbox's integrations page shows, on a page of its own. */
export function ImapAccountsPage() {
  return (
    <Stack>
      <Title order={2}>IMAP accounts</Title>
      <Text c="dimmed">
        The mailboxes the imap plugin watches with IDLE. Add one from the inbox's integrations page ("Add IMAP integration").
      </Text>
      <ImapAccountList />
    </Stack>
  );
}
