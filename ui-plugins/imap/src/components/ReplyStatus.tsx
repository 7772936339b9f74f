import { useState } from 'react';
import { Alert, Badge, Button, Stack, Text, graphQLErrorMessage, type InboxReplyRetry } from '@lattice/ui-sdk';
import type { OutgoingMail } from '../mail-data.js';

const labels = { sending: 'Sending…', sent: 'Sent', failed: 'Not delivered' } as const;
const colors = { sending: 'gray', sent: 'blue', failed: 'red' } as const;

export function ReplyStateBadge({ outgoing }: { outgoing: OutgoingMail }) {
  return (
    <Badge variant="light" color={colors[outgoing.state]} data-testid="reply-state">
      {labels[outgoing.state]}
    </Badge>
  );
}

/** A failed reply's reason, with a Retry that sends the same reply (same key) again through the inbox. */
export function FailedReply({ outgoing, body, retryReply }: { outgoing: OutgoingMail; body: string; retryReply?: (retry: InboxReplyRetry) => Promise<void> }) {
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
    <Alert color="red" title="The mail server did not take this reply" role="alert" data-testid="reply-failed">
      <Stack gap="xs" align="flex-start">
        <Text size="sm" data-testid="reply-error">
          {outgoing.error || 'No reason was given.'}
        </Text>
        {refusal && <Text size="sm">{refusal}</Text>}
        {retryReply && outgoing.idempotencyKey && (
          <Button size="xs" variant="light" color="red" loading={retrying} onClick={() => void retry()}>
            Retry
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
