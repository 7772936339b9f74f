import { useState } from 'react';
import { ActionIcon, Button, CloseIcon, Group, IconTrash, Paper, Text, ThemeIcon, graphQLErrorMessage, useMessages, type MessageValues } from '@lattice/ui-sdk';
import { catalogue, type MessageId } from '../catalogue.js';
import { usePausableTimeout } from './use-pausable-timeout.js';

/** What the offer says was removed, as a message of the catalogue, so it follows a change of language. */
export interface RemovedMessage {
  id: MessageId;
  values: MessageValues;
}

export interface UndoOffer {
  /** A new key for each removal, so a newer offer starts its own time. */
  key: number;
  /** What was removed, e.g. `Document “Lease” removed.` */
  message: RemovedMessage;
  /** Puts back what was removed (the server's restore). */
  undo: () => Promise<unknown>;
}

interface UndoNotificationProps {
  offer: UndoOffer | null;
  /** How long Undo is offered; the server keeps a removal restorable for longer (60 s). */
  durationMs?: number;
  /** Called with the offer's key when it goes (Undo done, dismissed or its time up). */
  onClose: (key: number) => void;
  /** The restore failed (e.g. too late): the page shows why. */
  onError: (message: string) => void;
}

export const undoDurationMs = 6_000;

/**
 * After a removal, a notification at the bottom of the screen with Undo, for a few seconds. The time
 * stops while the pointer is on it or focus is in it, so nobody loses the offer while reaching for it.
 */
export function UndoNotification({ offer, durationMs = undoDurationMs, onClose, onError }: UndoNotificationProps) {
  if (!offer) return null;
  return <OfferedUndo key={offer.key} offer={offer} durationMs={durationMs} onClose={() => onClose(offer.key)} onError={onError} />;
}

interface OfferedUndoProps {
  offer: UndoOffer;
  durationMs: number;
  onClose: () => void;
  onError: (message: string) => void;
}

function OfferedUndo({ offer, durationMs, onClose, onError }: OfferedUndoProps) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const t = useMessages(catalogue);
  usePausableTimeout(durationMs, hovered || focused || undoing, onClose);

  async function undo() {
    setUndoing(true);
    try {
      await offer.undo();
    } catch (error) {
      onError(graphQLErrorMessage(error));
    }
    onClose();
  }

  return (
    <Paper
      role="status"
      aria-label={t('undo.label')}
      data-testid="undo-notification"
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      style={placement}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => setFocused(event.currentTarget.contains(event.relatedTarget))}
    >
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" color="gray" radius="xl" aria-hidden>
          <IconTrash size={16} stroke={1.6} />
        </ThemeIcon>
        <Text size="sm" flex={1}>
          {t(offer.message.id, offer.message.values)}
        </Text>
        <Button size="compact-sm" variant="light" loading={undoing} onClick={() => void undo()}>
          {t('undo.undo')}
        </Button>
        <ActionIcon variant="subtle" color="gray" aria-label={t('undo.dismiss')} onClick={onClose}>
          <CloseIcon size="14" />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

// Bottom centre, above the page's content and its dialogs' overlays, never wider than a phone's screen.
const placement = {
  position: 'fixed',
  bottom: 'var(--mantine-spacing-md)',
  left: '50%',
  transform: 'translateX(-50%)',
  width: 'min(28rem, calc(100vw - 2 * var(--mantine-spacing-md)))',
  zIndex: 'var(--mantine-z-index-overlay)',
} as const;
