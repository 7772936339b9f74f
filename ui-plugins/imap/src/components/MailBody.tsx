import { useCallback, useState } from 'react';
import { Alert, Button, Group, Stack, Text, useMessages } from '@lattice/ui-sdk';
import { imapCatalogue } from '../imap-catalogue.js';
import { splitQuotedText } from '../mail-body/quoted-text.js';
import { allowImagesFrom, allowedImageSenders } from '../mail-body/remote-images.js';
import { MailHtmlFrame } from './MailHtmlFrame.js';

interface MailBodyProps {
  /** The text part (for an HTML-only mail, derived from its HTML). */
  body: string;
  /** The HTML part, when the mail has one. */
  html: string;
  /** The sender's address: the choice to load remote images is remembered per sender. */
  sender: string;
  subject: string;
}

const browserStorage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

function QuotedToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const t = useMessages(imapCatalogue);
  return (
    <Group>
      <Button variant="subtle" size="compact-sm" onClick={onToggle} aria-expanded={shown} data-testid="imap-quoted-toggle">
        {shown ? t('mail.hideQuoted') : t('mail.showQuoted')}
      </Button>
    </Group>
  );
}

/**
 * A mail's body as mail: its HTML formatted (sanitised, in a frame that runs nothing, remote images blocked
 * until the user allows them for the sender), or its text with its line breaks; quoted history folded.
 */
export function MailBody({ body, html, sender, subject }: MailBodyProps) {
  const t = useMessages(imapCatalogue);
  const [showQuoted, setShowQuoted] = useState(false);
  const [imagesAllowed, setImagesAllowed] = useState(() => Boolean(sender) && allowedImageSenders(browserStorage()).has(sender.toLowerCase()));
  const [found, setFound] = useState({ blockedImages: 0, hasQuoted: false });
  const inspected = useCallback((next: typeof found) => setFound(next), []);

  if (html) {
    return (
      <Stack gap="xs">
        {found.blockedImages > 0 && (
          <Alert color="gray" variant="light" p="xs" data-testid="imap-remote-images-blocked">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t('mail.imagesBlocked', { count: found.blockedImages })}</Text>
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => {
                  if (sender) allowImagesFrom(browserStorage(), sender);
                  setImagesAllowed(true);
                }}
              >
                {t('mail.allowImages')}
              </Button>
            </Group>
          </Alert>
        )}
        <MailHtmlFrame html={html} remoteImages={imagesAllowed} showQuoted={showQuoted} title={subject || t('mail.noSubject')} onInspected={inspected} />
        {found.hasQuoted && <QuotedToggle shown={showQuoted} onToggle={() => setShowQuoted(!showQuoted)} />}
      </Stack>
    );
  }
  if (!body) {
    return (
      <Text c="dimmed" fs="italic">
        {t('mail.noText')}
      </Text>
    );
  }
  const { own, quoted } = splitQuotedText(body);
  const textStyle = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
  return (
    <Stack gap="xs">
      <Text data-testid="imap-message-body" style={textStyle}>
        {own}
      </Text>
      {quoted && <QuotedToggle shown={showQuoted} onToggle={() => setShowQuoted(!showQuoted)} />}
      {quoted && showQuoted && (
        <Text data-testid="imap-message-quoted" c="dimmed" style={textStyle}>
          {quoted}
        </Text>
      )}
    </Stack>
  );
}
