import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput, graphQLErrorMessage, useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import type { PermissionGroup } from './permissions-queries.js';

/** Names a new group or renames one: the form's Save is the confirmation; the server's refusal stays in it. */
export function GroupNameModal({ group, onSave, onClose }: { group: PermissionGroup | null; onSave: (name: string) => Promise<void>; onClose: () => void }) {
  const t = useMessages(shellCatalogue);
  const [name, setName] = useState(group?.name ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setSaving(true);
    try {
      await onSave(name.trim());
    } catch (error) {
      setFailure(graphQLErrorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={group ? t('permissions.group.renameTitle') : t('permissions.group.addTitle')}>
      <form onSubmit={(event) => void submit(event)}>
        <Stack>
          {failure && (
            <Alert color="red" role="alert" title={t('permissions.failed')}>
              {failure}
            </Alert>
          )}
          <TextInput label={t('permissions.group.name')} required maxLength={100} value={name} onChange={(event) => setName(event.currentTarget.value)} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('permissions.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={!name.trim()}>
              {group ? t('permissions.group.renameSubmit') : t('permissions.group.addSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
