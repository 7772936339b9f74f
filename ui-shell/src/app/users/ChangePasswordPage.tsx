import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Alert, Button, Group, IconKey, Paper, PasswordInput, Stack, Title, graphQLErrorMessage, useMessages, usePageTitle } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { changePasswordMutation } from '../../graphql/users-queries.js';

/** /settings/password: the user's own password. Their other sessions end; this one goes on with a new cookie. */
export function ChangePasswordPage() {
  const t = useMessages(shellCatalogue);
  usePageTitle(t('users.password.title'));
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const [change, { loading }] = useMutation(changePasswordMutation);
  const mismatch = repeated.length > 0 && repeated !== newPassword;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mismatch) return;
    setFailure(null);
    setChanged(false);
    try {
      await change({ variables: { currentPassword, newPassword } });
      setCurrentPassword('');
      setNewPassword('');
      setRepeated('');
      setChanged(true);
    } catch (error) {
      setFailure(graphQLErrorMessage(error));
    }
  };

  return (
    <Stack maw={480}>
      <Title order={2}>{t('users.password.title')}</Title>
      <Paper withBorder p="md">
        <form onSubmit={(event) => void submit(event)} aria-label={t('users.password.form')}>
          <Stack>
            {failure && (
              <Alert color="red" role="alert" title={t('users.password.failed')}>
                {failure}
              </Alert>
            )}
            {changed && (
              <Alert color="green" role="status" title={t('users.password.changed')}>
                {t('users.password.changedText')}
              </Alert>
            )}
            <PasswordInput label={t('users.password.current')} required autoComplete="current-password" value={currentPassword} onChange={(event) => setCurrentPassword(event.currentTarget.value)} />
            <PasswordInput label={t('users.password.new')} description={t('users.password.newHint')} required autoComplete="new-password" value={newPassword} onChange={(event) => setNewPassword(event.currentTarget.value)} />
            <PasswordInput
              label={t('users.password.repeat')}
              required
              autoComplete="new-password"
              value={repeated}
              error={mismatch ? t('users.password.mismatch') : undefined}
              onChange={(event) => setRepeated(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={loading} leftSection={<IconKey size={18} stroke={1.6} aria-hidden />}>
                {t('users.password.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
