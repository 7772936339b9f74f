import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { TextInput, graphQLErrorMessage } from '@lattice/ui-sdk';
import { addTypeMutation, editTypeMutation, refetchPage } from '../graphql/document-mutations.js';
import type { DocumentType } from '../graphql/documents-page-query.js';
import { FormModal } from './FormModal.js';

export function TypeFormModal({ type, onClose }: { type: DocumentType | null; onClose: () => void }) {
  const [name, setName] = useState(type?.name ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [add, adding] = useMutation(addTypeMutation, refetchPage);
  const [edit, editing] = useMutation(editTypeMutation, refetchPage);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setFailure('Name is required');
    try {
      if (type) await edit({ variables: { _id: type._id, name: name.trim() } });
      else await add({ variables: { name: name.trim() } });
      onClose();
    } catch (error) {
      setFailure(graphQLErrorMessage(error));
    }
  }

  return (
    <FormModal title={type ? 'Rename type' : 'Add type'} onClose={onClose} onSubmit={submit} failure={failure} saving={adding.loading || editing.loading}>
      <TextInput label="Type name" required data-autofocus value={name} onChange={(event) => setName(event.currentTarget.value)} />
    </FormModal>
  );
}
