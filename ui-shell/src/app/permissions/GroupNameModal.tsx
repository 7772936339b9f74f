import { useState, type FormEvent } from 'react';
import { FormModal, TextInput, graphQLErrorMessage, useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import type { PermissionGroup } from '../../graphql/permissions-queries.js';

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
    <FormModal
      title={group ? t('permissions.group.renameTitle') : t('permissions.group.addTitle')}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      failureTitle={t('permissions.failed')}
      failure={failure}
      saving={saving}
      submitLabel={group ? t('permissions.group.renameSubmit') : t('permissions.group.addSubmit')}
      submitDisabled={!name.trim()}
    >
      <TextInput label={t('permissions.group.name')} required maxLength={100} value={name} onChange={(event) => setName(event.currentTarget.value)} data-autofocus />
    </FormModal>
  );
}
