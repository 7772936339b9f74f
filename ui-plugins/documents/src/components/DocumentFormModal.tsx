import { Suspense, useState, type FormEvent } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import {
  ActivityHistory,
  Checkbox,
  DateInput,
  FormModal,
  NativeSelect,
  Stack,
  Tabs,
  Text,
  TextInput,
  graphQLErrorCode,
  graphQLErrorMessage,
  useFormat,
  useLocale,
  useMessages,
} from '@lattice/ui-sdk';
import { catalogue } from '../catalogue.js';
import { addDocumentMutation, documentDetailQuery, editDocumentMutation, refetchPage } from '../graphql/document-mutations.js';
import type { DocumentRow, DocumentType } from '../graphql/documents-page-query.js';
import { documentInputOf, expiryDayFormat, formValuesOf, type DocumentFormValues } from '../document-form-values.js';
import { expiryYears, parseTypedDay, typedDayProblem, type TypedDayProblem } from '../typed-day.js';
import { DocumentEditConflict } from './DocumentEditConflict.js';

/** A save refused with CONFLICT: the version saved meanwhile, to compare with and to save over. */
interface Conflict {
  saved: DocumentFormValues;
  savedUpdatedAt: string | null;
}

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
  // The expiry field's text as typed since a day was last taken (null: the field shows `values.expiryDate`).
  // The date picker keeps a day it cannot read out of its value; the form refuses it instead.
  const [typedDay, setTypedDay] = useState<string | null>(null);
  const [dayProblem, setDayProblem] = useState<TypedDayProblem | null>(null);
  const typedProblem = typedDay === null ? null : typedDayProblem(typedDay, locale);
  // The version the form read: every save sends it, so the server refuses one over a change made meanwhile.
  const [readUpdatedAt, setReadUpdatedAt] = useState(document?.updatedAt ?? null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const client = useApolloClient();
  const [add, adding] = useMutation(addDocumentMutation, refetchPage);
  const [edit, editing] = useMutation(editDocumentMutation, refetchPage);

  /** After a CONFLICT: the document as stored now, or why there is none to compare with. */
  async function showConflict(documentId: string) {
    try {
      const { data } = await client.query({ query: documentDetailQuery, variables: { _id: documentId }, fetchPolicy: 'network-only' });
      const saved = data?.documentDetail;
      if (!saved) return setFailure(t('conflict.removed'));
      setConflict({ saved: formValuesOf(saved, null), savedUpdatedAt: saved.updatedAt });
    } catch (error) {
      setFailure(graphQLErrorCode(error) === 'NOT_FOUND' ? t('conflict.removed') : graphQLErrorMessage(error));
    }
  }

  async function save(updatedAt: string | null) {
    const problem = typedProblem;
    setDayProblem(problem);
    const result = documentInputOf(values);
    setNameMissing('missing' in result);
    setFailure(null);
    if ('missing' in result || problem) return;
    try {
      if (document) await edit({ variables: { _id: document._id, ...result.input, updatedAt } });
      else await add({ variables: result.input });
      onClose();
    } catch (error) {
      if (document && graphQLErrorCode(error) === 'CONFLICT') return showConflict(document._id);
      setFailure(graphQLErrorMessage(error));
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void save(readUpdatedAt);
  }

  /** Saves the user's values over the version saved meanwhile, now that they have seen it. */
  function keepMine() {
    if (!conflict) return;
    setReadUpdatedAt(conflict.savedUpdatedAt);
    setConflict(null);
    void save(conflict.savedUpdatedAt);
  }

  /** Drops the user's values: the list shows the version saved meanwhile. */
  async function takeTheirs() {
    await client.refetchQueries({ include: ['DocumentsPage'] });
    onClose();
  }

  const nameRequired = nameMissing ? t('documentForm.nameRequired') : null;
  const dayMessage = dayProblem === 'notADay' ? t('documentForm.dateNotADay') : dayProblem === 'outOfRange' ? t('documentForm.dateOutOfRange') : null;
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
          // A day it cannot read stays as typed, refused with a message, rather than quietly reset; a day it
          // can read is written the language's way on leaving the field.
          fixOnBlur={typedProblem === null}
          minDate={`${expiryYears.from}-01-01`}
          maxDate={`${expiryYears.to}-12-31`}
          error={dayMessage ?? undefined}
          onInput={(event) => {
            setTypedDay(event.currentTarget.value);
            setDayProblem(null);
          }}
          onBlur={() => setDayProblem(typedProblem)}
          value={values.expiryDate}
          onChange={(expiryDate) => {
            setTypedDay(null);
            setDayProblem(null);
            setValues({ ...values, expiryDate });
          }}
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
      noValidate
      failureTitle={t('form.notSaved')}
      failure={nameRequired ?? dayMessage ?? failure}
      saving={adding.loading || editing.loading}
      size={document ? 'lg' : undefined}
    >
      {conflict && (
        <DocumentEditConflict saved={conflict.saved} mine={values} types={types} busy={editing.loading} onKeepMine={keepMine} onTakeTheirs={() => void takeTheirs()} />
      )}
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
