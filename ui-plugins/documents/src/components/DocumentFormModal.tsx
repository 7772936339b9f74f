import { Suspense, useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { ActivityHistory, Checkbox, DateInput, NativeSelect, Stack, Tabs, Text, TextInput, graphQLErrorMessage, useFormat, useLocale, useMessages } from '@lattice/ui-sdk';
import { catalogue } from '../catalogue.js';
import { addDocumentMutation, editDocumentMutation, refetchPage } from '../graphql/document-mutations.js';
import type { DocumentRow, DocumentType } from '../graphql/documents-page-query.js';
import { documentInputOf, expiryDayFormat, formValuesOf } from '../document-form-values.js';
import { parseTypedDay } from '../typed-day.js';
import { FormModal } from './FormModal.js';

interface DocumentFormModalProps {
  /** null: a new document. */
  document: DocumentRow | null;
  types: DocumentType[];
  defaultTypeId: string | null;
  onClose: () => void;
}

export function DocumentFormModal({ document, types, defaultTypeId, onClose }: DocumentFormModalProps) {
  const t = useMessages(catalogue);
  const format = useFormat();
  const { locale } = useLocale();
  const [values, setValues] = useState(() => formValuesOf(document, defaultTypeId));
  // The server's message as it words it; a missing name is worded when shown, in the active language.
  const [failure, setFailure] = useState<string | null>(null);
  const [nameMissing, setNameMissing] = useState(false);
  const [add, adding] = useMutation(addDocumentMutation, refetchPage);
  const [edit, editing] = useMutation(editDocumentMutation, refetchPage);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = documentInputOf(values);
    setNameMissing('missing' in result);
    setFailure(null);
    if ('missing' in result) return;
    try {
      if (document) await edit({ variables: { _id: document._id, ...result.input } });
      else await add({ variables: result.input });
      onClose();
    } catch (error) {
      setFailure(graphQLErrorMessage(error));
    }
  }

  const nameRequired = nameMissing ? t('documentForm.nameRequired') : null;
  const fields = (
    <>
      {document?.createdAt && (
        <Text size="sm" c="dimmed">
          {t('documentForm.added', { date: format.dateTime(document.createdAt) })}
        </Text>
      )}
      <TextInput
        label={t('documentForm.name')}
        required
        data-autofocus
        value={values.name}
        error={nameRequired ?? undefined}
        onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
      />
      <NativeSelect
        label={t('documentForm.type')}
        value={values.typeId}
        data={[
          { value: '', label: t('documentForm.noType') },
          ...types.map((type) => ({ value: type._id, label: type.name ?? t('type.untitled') })),
        ]}
        onChange={(event) => setValues({ ...values, typeId: event.currentTarget.value })}
      />
      <Suspense fallback={<TextInput label={t('documentForm.expiryDate')} disabled placeholder={t('documentForm.loadingDatePicker')} />}>
        <DateInput
          label={t('documentForm.expiryDate')}
          placeholder={t('documentForm.noExpiry')}
          clearable
          // The day as the language writes it ("Feb 28, 2031", "28.02.2031"); typing takes that form or 2031-02-28.
          valueFormat={(day) => format.date(day, expiryDayFormat)}
          dateParser={(typed) => parseTypedDay(typed, locale)}
          value={values.expiryDate}
          onChange={(expiryDate) => setValues({ ...values, expiryDate })}
        />
      </Suspense>
      <Checkbox
        label={t('documentForm.checked')}
        checked={values.checked}
        onChange={(event) => setValues({ ...values, checked: event.currentTarget.checked })}
      />
    </>
  );
  return (
    <FormModal
      title={document ? t('documentForm.editTitle') : t('documentForm.addTitle')}
      onClose={onClose}
      onSubmit={submit}
      failure={nameRequired ?? failure}
      saving={adding.loading || editing.loading}
      size={document ? 'lg' : undefined}
    >
      {document ? (
        // The History tab is read when opened: most edits never look at it.
        <Tabs defaultValue="details" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="details">{t('documentForm.details')}</Tabs.Tab>
            <Tabs.Tab value="history">{t('documentForm.history')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details" pt="sm">
            <Stack>{fields}</Stack>
          </Tabs.Panel>
          <Tabs.Panel value="history" pt="sm">
            <ActivityHistory contentType="documents:document" contentId={document._id} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        fields
      )}
    </FormModal>
  );
}
