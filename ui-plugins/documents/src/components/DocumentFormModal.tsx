import { Suspense, useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Checkbox, DateInput, NativeSelect, TextInput, graphQLErrorMessage } from '@lattice/ui-sdk';
import { addDocumentMutation, editDocumentMutation, refetchPage } from '../graphql/document-mutations.js';
import type { DocumentRow, DocumentType } from '../graphql/documents-page-query.js';
import { documentInputOf, formValuesOf } from '../document-form-values.js';
import { FormModal } from './FormModal.js';

interface DocumentFormModalProps {
  /** null: a new document. */
  document: DocumentRow | null;
  types: DocumentType[];
  defaultTypeId: string | null;
  onClose: () => void;
}

export function DocumentFormModal({ document, types, defaultTypeId, onClose }: DocumentFormModalProps) {
  const [values, setValues] = useState(() => formValuesOf(document, defaultTypeId));
  const [failure, setFailure] = useState<string | null>(null);
  const [add, adding] = useMutation(addDocumentMutation, refetchPage);
  const [edit, editing] = useMutation(editDocumentMutation, refetchPage);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = documentInputOf(values);
    if ('error' in result) return setFailure(result.error);
    try {
      if (document) await edit({ variables: { _id: document._id, ...result.input } });
      else await add({ variables: result.input });
      onClose();
    } catch (error) {
      setFailure(graphQLErrorMessage(error));
    }
  }

  return (
    <FormModal
      title={document ? 'Edit document' : 'Add document'}
      onClose={onClose}
      onSubmit={submit}
      failure={failure}
      saving={adding.loading || editing.loading}
    >
      <TextInput
        label="Name"
        required
        data-autofocus
        value={values.name}
        error={failure === 'Name is required' ? failure : undefined}
        onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
      />
      <NativeSelect
        label="Type"
        value={values.typeId}
        data={[{ value: '', label: 'No type' }, ...types.map((type) => ({ value: type._id, label: type.name ?? 'Untitled type' }))]}
        onChange={(event) => setValues({ ...values, typeId: event.currentTarget.value })}
      />
      <Suspense fallback={<TextInput label="Expiry date" disabled placeholder="Loading date picker" />}>
        <DateInput
          label="Expiry date"
          placeholder="No expiry"
          clearable
          valueFormat="YYYY-MM-DD"
          value={values.expiryDate}
          onChange={(expiryDate) => setValues({ ...values, expiryDate })}
        />
      </Suspense>
      <Checkbox label="Checked" checked={values.checked} onChange={(event) => setValues({ ...values, checked: event.currentTarget.checked })} />
    </FormModal>
  );
}
