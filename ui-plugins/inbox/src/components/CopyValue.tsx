import { useEffect, useState } from 'react';
import { ActionIcon, Code, Group, IconCheck, IconCopy, Text } from '@lattice/ui-sdk';

interface CopyValueProps {
  value: string;
  /** What the value is, for the button's accessible name: "Copy <label>". */
  label: string;
  testId?: string;
}

/** A value to paste elsewhere (an id, a URL) with a button that copies it; a refused copy says why. */
export function CopyValue({ value, label, testId }: CopyValueProps) {
  const [state, setState] = useState<'idle' | 'copied' | string>('idle');
  useEffect(() => {
    if (state !== 'copied') return undefined;
    const timer = setTimeout(() => setState('idle'), 2_000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      // The browser offers the clipboard only to secure pages (HTTPS or localhost).
      if (!navigator.clipboard) throw new Error('This browser offers no clipboard here (it needs HTTPS); select the text instead');
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch (error) {
      setState(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Group gap={4} wrap="nowrap">
      <Code data-testid={testId} style={{ wordBreak: 'break-all' }}>
        {value}
      </Code>
      <ActionIcon variant="subtle" size="sm" aria-label={`Copy ${label}`} title={`Copy ${label}`} onClick={() => void copy()} color={state === 'copied' ? 'green' : undefined}>
        {state === 'copied' ? <IconCheck size={16} stroke={1.6} aria-hidden /> : <IconCopy size={16} stroke={1.6} aria-hidden />}
      </ActionIcon>
      {state === 'copied' && (
        <Text size="xs" c="green" role="status">
          Copied
        </Text>
      )}
      {state !== 'idle' && state !== 'copied' && (
        <Text size="xs" c="red" role="alert">
          {state}
        </Text>
      )}
    </Group>
  );
}
