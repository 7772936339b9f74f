import { Group, Paper, Stack, Text, Title, type InboxReplyRetry } from '@lattice/ui-sdk';
import type { ImapMessageRow } from '../graphql/conversation-detail-query.js';
import { formatAddressList, mailDataOf, type MailAddress } from '../mail-data.js';
import { FailedReply, ReplyStateBadge } from './ReplyStatus.js';

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
 * derives it from the HTML of an HTML-only mail), and React escapes it: markup is never rendered. A reply
 * the users sent is set off in blue, with its state; a failed one shows the reason and a Retry.
 */
export function ImapMessage({ message, retryReply }: { message: ImapMessageRow; retryReply?: (retry: InboxReplyRetry) => Promise<void> }) {
  const mail = mailDataOf(message.mailData);
  const { body, outgoing } = mail;
  return (
    <Paper
      component="article"
      withBorder
      p="md"
      ml={outgoing ? 'xl' : 0}
      bg={outgoing ? 'blue.0' : undefined}
      data-testid="imap-message"
      data-direction={outgoing ? 'outgoing' : 'incoming'}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Title order={4}>{mail.subject || message.title || '(no subject)'}</Title>
          {outgoing && <ReplyStateBadge outgoing={outgoing} />}
        </Group>
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
        {outgoing?.state === 'failed' && <FailedReply outgoing={outgoing} body={body} retryReply={retryReply} />}
      </Stack>
    </Paper>
  );
}
