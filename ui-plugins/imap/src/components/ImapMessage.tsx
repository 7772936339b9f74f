import { Group, Paper, Stack, Text, Title, useFormat, useMessages, type InboxReplyRetry } from '@lattice/ui-sdk';
import { imapCatalogue } from '../imap-catalogue.js';
import type { ImapMessageRow } from '../graphql/conversation-detail-query.js';
import { formatAddressList, mailDataOf, type MailAddress } from '../mail-data.js';
import { MailBody } from './MailBody.js';
import { FailedReply, ReplyStateBadge } from './ReplyStatus.js';

function AddressLine({ label, addresses }: { label: string; addresses: MailAddress[] }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}{' '}
      </Text>
      {formatAddressList(addresses) || '—'}
    </Text>
  );
}

/**
 * One stored mail: subject, addresses and the body as mail (MailBody: its HTML sanitised in a frame that
 * runs nothing, or its text with its line breaks). A reply the users sent is set off in blue, with its
 * state; a failed one shows the reason and a Retry.
 */
export function ImapMessage({ message, retryReply }: { message: ImapMessageRow; retryReply?: (retry: InboxReplyRetry) => Promise<void> }) {
  const t = useMessages(imapCatalogue);
  const format = useFormat();
  const mail = mailDataOf(message.mailData);
  const { body, outgoing } = mail;
  const sentAt = mail.createdAt && !Number.isNaN(Date.parse(mail.createdAt)) ? mail.createdAt : null;
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
          <Title order={4}>{mail.subject || message.title || t('mail.noSubject')}</Title>
          <Group gap="xs">
            {sentAt && (
              <Text component="time" dateTime={sentAt} size="xs" c="dimmed" data-testid="imap-message-time">
                {format.dateTime(sentAt)}
              </Text>
            )}
            {outgoing && <ReplyStateBadge outgoing={outgoing} />}
          </Group>
        </Group>
        <Stack gap={0}>
          <AddressLine label={t('mail.from')} addresses={mail.from} />
          <AddressLine label={t('mail.to')} addresses={mail.to} />
          {mail.cc.length > 0 && <AddressLine label={t('mail.cc')} addresses={mail.cc} />}
          {mail.bcc.length > 0 && <AddressLine label={t('mail.bcc')} addresses={mail.bcc} />}
        </Stack>
        <MailBody body={body} html={outgoing ? '' : mail.html} sender={mail.from[0]?.email ?? ''} subject={mail.subject} />
        {outgoing?.state === 'failed' && <FailedReply outgoing={outgoing} body={body} retryReply={retryReply} />}
      </Stack>
    </Paper>
  );
}
