import { useState, type FormEvent } from 'react';
import { useQuery } from '@apollo/client/react';
import { Button, Group, NativeSelect, TextInput, useCan, useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { activityFilterUsersQuery } from '../../graphql/activity-queries.js';
import { activityFilterOf, type ActivityFilter } from './activity-filter.js';

const empty = { createdBy: '', plugin: '', action: '', fromDay: '', toDay: '' };

/** The filter form: user, plugin, action and a range of days; applied when submitted. */
export function ActivityFilters({ onApply }: { onApply: (filter: ActivityFilter) => void }) {
  const t = useMessages(shellCatalogue);
  const canSeeUsers = useCan('core:showUsers');
  const { data } = useQuery(activityFilterUsersQuery, { skip: !canSeeUsers });
  const [fields, setFields] = useState(empty);
  const set = (name: keyof typeof empty) => (event: { currentTarget: { value: string } }) => setFields({ ...fields, [name]: event.currentTarget.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(activityFilterOf(fields));
  };

  return (
    <form onSubmit={submit} aria-label={t('activity.filters')}>
      <Group align="flex-end" gap="sm">
        {data ? (
          <NativeSelect
            label={t('activity.filter.user')}
            value={fields.createdBy}
            onChange={set('createdBy')}
            data={[{ value: '', label: t('activity.filter.anyone') }, ...data.users.map((user) => ({ value: user._id, label: user.name ? `${user.name} (${user.email})` : user.email }))]}
          />
        ) : (
          <TextInput label={t('activity.filter.userId')} value={fields.createdBy} onChange={set('createdBy')} />
        )}
        <TextInput label={t('activity.filter.plugin')} placeholder="documents" value={fields.plugin} onChange={set('plugin')} />
        <TextInput label={t('activity.filter.action')} placeholder="documentsEdit" value={fields.action} onChange={set('action')} />
        <TextInput label={t('activity.filter.from')} type="date" value={fields.fromDay} onChange={set('fromDay')} />
        <TextInput label={t('activity.filter.to')} type="date" value={fields.toDay} onChange={set('toDay')} />
        <Button type="submit">{t('activity.filter.apply')}</Button>
        <Button
          variant="default"
          onClick={() => {
            setFields(empty);
            onApply({});
          }}
        >
          {t('activity.filter.clear')}
        </Button>
      </Group>
    </form>
  );
}
