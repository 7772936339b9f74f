import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, useMessages } from '@lattice/ui-sdk';
import { catalogue } from '../catalogue.js';

interface FormModalProps {
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  /** Why the last save failed, shown above the fields. */
  failure: string | null;
  saving: boolean;
  /** Mantine's modal size; wider for a dialog with a History tab. */
  size?: string;
  children: ReactNode;
}

/** The add/edit dialogs' frame: the failure, the fields, Cancel and Save. */
export function FormModal({ title, onClose, onSubmit, failure, saving, size, children }: FormModalProps) {
  const t = useMessages(catalogue);
  return (
    <Modal opened onClose={onClose} title={title} size={size}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" role="alert" title={t('form.notSaved')}>
              {failure}
            </Alert>
          )}
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
