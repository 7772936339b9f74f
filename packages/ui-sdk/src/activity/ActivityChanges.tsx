import { Fragment } from 'react';
import { Text } from '../components/mantine.js';
import { sdkCatalogue } from '../i18n/sdk-catalogue.js';
import { useMessages } from '../i18n/use-messages.js';
import { changeValueText, changedFields } from './activity-log.js';

/** An entry's changed fields, one line each: field: before → after. */
export function ActivityChanges({ changes }: { changes: unknown }) {
  const t = useMessages(sdkCatalogue);
  const fields = changedFields(changes);
  if (fields.length === 0) return null;
  return (
    <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 8 }}>
      {fields.map(({ field, before, after }, index) => (
        <Fragment key={`${field}-${index}`}>
          <Text component="dt" size="sm" fw={500}>
            {field || t('activity.value')}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            <Text span c="dimmed" td="line-through" aria-label={t('activity.before')}>
              {changeValueText(before)}
            </Text>
            <span aria-hidden> → </span>
            <Text span aria-label={t('activity.after')}>
              {changeValueText(after)}
            </Text>
          </Text>
        </Fragment>
      ))}
    </dl>
  );
}
