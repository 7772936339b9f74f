import { EditConflict, useFormat, useMessages, type ConflictingField } from '@lattice/ui-sdk';
import { catalogue } from '../catalogue.js';
import type { DocumentType } from '../graphql/documents-page-query.js';
import { conflictingFields, expiryDayFormat, type ComparedField, type DocumentFormValues } from '../document-form-values.js';

interface DocumentEditConflictProps {
  /** The document as saved meanwhile by someone else, as form values. */
  saved: DocumentFormValues;
  /** What the user tried to save. */
  mine: DocumentFormValues;
  types: DocumentType[];
  busy: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

/** ui-sdk's conflict view for a document: the fields that differ, as the form names and shows them. */
export function DocumentEditConflict({ saved, mine, types, busy, onKeepMine, onTakeTheirs }: DocumentEditConflictProps) {
  const t = useMessages(catalogue);
  const format = useFormat();
  const label: Record<ComparedField, string> = {
    name: t('documentForm.name'),
    typeId: t('documentForm.type'),
    expiryDate: t('documentForm.expiryDate'),
    checked: t('documentForm.checked'),
  };
  const shown = (values: DocumentFormValues, field: ComparedField): string => {
    if (field === 'name') return values.name.trim();
    if (field === 'typeId') return values.typeId ? (types.find((type) => type._id === values.typeId)?.name ?? t('type.untitled')) : t('documentForm.noType');
    if (field === 'expiryDate') return values.expiryDate ? format.date(`${values.expiryDate}T00:00:00.000Z`, expiryDayFormat) : t('documentForm.noExpiry');
    return values.checked ? t('conflict.checkedYes') : t('conflict.checkedNo');
  };
  const fields: ConflictingField[] = conflictingFields(saved, mine).map((field) => ({ label: label[field], theirs: shown(saved, field), yours: shown(mine, field) }));
  return <EditConflict title={t('conflict.title')} fields={fields} busy={busy} onKeepMine={onKeepMine} onTakeTheirs={onTakeTheirs} />;
}
