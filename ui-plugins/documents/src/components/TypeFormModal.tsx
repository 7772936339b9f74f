import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { FormModal, TextInput, graphQLErrorMessage, useMessages } from '@lattice/ui-sdk';
import { catalogue } from '../catalogue.js';
import { addTypeMutation, editTypeMutation, refetchPage } from '../graphql/document-mutations.js';
import type { DocumentType } from '../graphql/documents-page-query.js';

export function TypeFormModal({ type, onClose }: { type: DocumentType | null; onClose: () => void }) {
  const t = useMessages(catalogue);
  const [name, setName] = useState(type?.name ?? '');
  // The server's message as it words it; a missing name is worded when shown, in the active language.
  const [failure, setFailure] = useState<string | null>(null);
  const [nameMissing, setNameMissing] = useState(false);
  const [add, adding] = useMutation(addTypeMutation, refetchPage);
  const [edit, editing] = useMutation(editTypeMutation, refetchPage);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNameMissing(!name.trim());
    setFailure(null);
    if (!name.trim()) return;
    try {
      if (type) await edit({ variables: { _id: type._id, name: name.trim() } });
      else await add({ variables: { name: name.trim() } });
      onClose();
    } catch (error) {
      setFailure(graphQLErrorMessage(error));
    }
  }

  return (
    <FormModal
      title={type ? t('typeForm.renameTitle') : t('typeForm.addTitle')}
      onClose={onClose}
      onSubmit={submit}
      noValidate
      failureTitle={t('form.notSaved')}
      failure={nameMissing ? t('typeForm.nameRequired') : failure}
      saving={adding.loading || editing.loading}
    >
      <TextInput label={t('typeForm.name')} required data-autofocus value={name} onChange={(event) => setName(event.currentTarget.value)} />
    </FormModal>
  );
}
