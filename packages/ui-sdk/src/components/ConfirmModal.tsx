import type { ReactNode } from 'react';
import { sdkCatalogue } from '../i18n/sdk-catalogue.js';
import { useMessages } from '../i18n/use-messages.js';
import { Alert, Button, Group, Modal, Stack } from './mantine.js';

interface ConfirmModalProps {
  title: string;
  /** What will happen, in the plugin's words. */
  children: ReactNode;
  confirmLabel: string;
  /** Red unless told: most confirmed actions remove something; a grant or a change is asked in another colour. */
  confirmColor?: string;
  /** The confirmed action is running: the button shows it and cannot be pressed twice. */
  busy: boolean;
  /** Why the last attempt failed, shown in the dialog so that the user can try again or cancel. */
  failure?: { title: string; message: string } | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** A dialog that asks before an action (a remove, unless told), with Cancel and a confirm button (red unless told). */
export function ConfirmModal({ title, children, confirmLabel, confirmColor = 'red', busy, failure, onConfirm, onClose }: ConfirmModalProps) {
  const t = useMessages(sdkCatalogue);
  return (
    <Modal opened onClose={onClose} title={title}>
      <Stack>
        {failure && (
          <Alert color="red" role="alert" title={failure.title}>
            {failure.message}
          </Alert>
        )}
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('confirm.cancel')}
          </Button>
          <Button color={confirmColor} loading={busy} onClick={onConfirm} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
