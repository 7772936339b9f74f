import { Paper, Stack, Text, Title } from '@lattice/ui-sdk';
import type { ImapMessageRow } from '../graphql/conversation-detail-query.js';
import { formatAddressList, mailDataOf, type MailAddress } from '../mail-data.js';

function AddressLine({ label, addresses }: { label: string; addresses: MailAddress[] }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:{' '}
      </Text>
      {formatAddressList(addresses) || '—'}
    </Text>
  );
}

/**
 * One stored mail: subject, addresses and the body as text. The imap plugin stores the text part (mailparser
 * derives it from the HTML of an HTML-only mail), and React escapes it: markup is never rendered.
 */
export function ImapMessage({ message }: { message: ImapMessageRow }) {
  const mail = mailDataOf(message.mailData);
  const body = mail.body;
  return (
    <Paper component="article" withBorder p="md" data-testid="imap-message">
      <Stack gap="xs">
        <Title order={4}>{mail.subject || message.title || '(no subject)'}</Title>
        <Stack gap={0}>
          <AddressLine label="From" addresses={mail.from} />
          <AddressLine label="To" addresses={mail.to} />
          {mail.cc.length > 0 && <AddressLine label="Cc" addresses={mail.cc} />}
          {mail.bcc.length > 0 && <AddressLine label="Bcc" addresses={mail.bcc} />}
        </Stack>
        {body ? (
          <Text data-testid="imap-message-body" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {body}
          </Text>
        ) : (
          <Text c="dimmed" fs="italic">
            (no text)
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
