import type { FormEvent, ReactNode } from 'react';
import { sdkCatalogue } from '../i18n/sdk-catalogue.js';
import { useMessages } from '../i18n/use-messages.js';
import { Alert, Button, Group, Modal, Stack } from './mantine.js';

interface FormModalProps {
  title: string;
  /** Why the last save failed, shown above the fields; none while there is nothing to say. */
  failure: string | null;
  /** What did not happen, as the failure's heading ("Not saved"). */
  failureTitle: string;
  /** The save is running: the submit button shows it and cannot be pressed twice. */
  saving: boolean;
  /** The submit button's words: "Save" unless told. */
  submitLabel?: string;
  submitDisabled?: boolean;
  /** The form's own code checks the fields (its failure says why), not the browser's bubbles. */
  noValidate?: boolean;
  /** Mantine's modal size; wider for a dialog with tabs. */
  size?: string;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
}

/** An add/edit dialog's frame: the failure, the fields, Cancel and the submit button. */
export function FormModal({ title, failure, failureTitle, saving, submitLabel, submitDisabled, noValidate, size, onSubmit, onClose, children }: FormModalProps) {
  const t = useMessages(sdkCatalogue);
  return (
    <Modal opened onClose={onClose} title={title} size={size}>
      <form onSubmit={onSubmit} noValidate={noValidate}>
        <Stack>
          {failure && (
            <Alert color="red" role="alert" title={failureTitle}>
              {failure}
            </Alert>
          )}
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('confirm.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={submitDisabled}>
              {submitLabel ?? t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
