import { useEffect, useState } from 'react';
import { ActionIcon, Code, Group, IconCheck, IconCopy, Text, useMessages } from '@lattice/ui-sdk';
import { inboxCatalogue } from '../inbox-catalogue.js';

interface CopyValueProps {
  value: string;
  /** The button's accessible name and title, in the active language ("Copy the id of Support"). */
  copyLabel: string;
  testId?: string;
}

/** A value to paste elsewhere (an id, a URL) with a button that copies it; a refused copy says why. */
export function CopyValue({ value, copyLabel, testId }: CopyValueProps) {
  const t = useMessages(inboxCatalogue);
  // A refusal is shown as it is: the browser's own message, or ours when there is no clipboard at all.
  const [state, setState] = useState<'idle' | 'copied' | 'unavailable' | { refused: string }>('idle');
  useEffect(() => {
    if (state !== 'copied') return undefined;
    const timer = setTimeout(() => setState('idle'), 2_000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      // The browser offers the clipboard only to secure pages (HTTPS or localhost).
      if (!navigator.clipboard) return setState('unavailable');
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch (error) {
      setState({ refused: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <Group gap={4} wrap="nowrap">
      <Code data-testid={testId} style={{ wordBreak: 'break-all' }}>
        {value}
      </Code>
      <ActionIcon variant="subtle" size="sm" aria-label={copyLabel} title={copyLabel} onClick={() => void copy()} color={state === 'copied' ? 'green' : undefined}>
        {state === 'copied' ? <IconCheck size={16} stroke={1.6} aria-hidden /> : <IconCopy size={16} stroke={1.6} aria-hidden />}
      </ActionIcon>
      {state === 'copied' && (
        <Text size="xs" c="green" role="status">
          {t('copy.done')}
        </Text>
      )}
      {(state === 'unavailable' || typeof state === 'object') && (
        <Text size="xs" c="red" role="alert">
          {state === 'unavailable' ? t('copy.noClipboard') : state.refused}
        </Text>
      )}
    </Group>
  );
}
