import { useState } from 'react';
import { Alert, Badge, Button, Stack, Text, graphQLErrorMessage, useMessages, type InboxReplyRetry } from '@lattice/ui-sdk';
import { imapCatalogue, type ImapMessageId } from '../imap-catalogue.js';
import type { OutgoingMail, ReplyState } from '../mail-data.js';

const labels = { sending: 'reply.sending', sent: 'reply.sent', failed: 'reply.failed' } as const satisfies Record<ReplyState, ImapMessageId>;
const colors = { sending: 'gray', sent: 'blue', failed: 'red' } as const;

export function ReplyStateBadge({ outgoing }: { outgoing: OutgoingMail }) {
  const t = useMessages(imapCatalogue);
  return (
    <Badge variant="light" color={colors[outgoing.state]} data-testid="reply-state">
      {t(labels[outgoing.state])}
    </Badge>
  );
}

/** A failed reply's reason, with a Retry that sends the same reply (same key) again through the inbox. */
export function FailedReply({ outgoing, body, retryReply }: { outgoing: OutgoingMail; body: string; retryReply?: (retry: InboxReplyRetry) => Promise<void> }) {
  const t = useMessages(imapCatalogue);
  const [retrying, setRetrying] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const retry = async () => {
    if (!retryReply) return;
    setRetrying(true);
    setRefusal(null);
    try {
      await retryReply({ content: body, idempotencyKey: outgoing.idempotencyKey });
    } catch (error) {
      setRefusal(graphQLErrorMessage(error));
    } finally {
      setRetrying(false);
    }
  };
  return (
    <Alert color="red" title={t('reply.refused')} role="alert" data-testid="reply-failed">
      <Stack gap="xs" align="flex-start">
        <Text size="sm" data-testid="reply-error">
          {outgoing.error || t('reply.noReason')}
        </Text>
        {refusal && <Text size="sm">{refusal}</Text>}
        {retryReply && outgoing.idempotencyKey && (
          <Button size="xs" variant="light" color="red" loading={retrying} onClick={() => void retry()}>
            {t('reply.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
