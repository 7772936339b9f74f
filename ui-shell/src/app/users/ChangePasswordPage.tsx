import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Alert, Button, Group, IconKey, Paper, PasswordInput, Stack, Title, graphQLErrorMessage, usePageTitle } from '@lattice/ui-sdk';
import { changePasswordMutation } from './users-queries.js';

/** /settings/password: the user's own password. Their other sessions end; this one goes on with a new cookie. */
export function ChangePasswordPage() {
  usePageTitle('Your password');
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
      <Title order={2}>Your password</Title>
      <Paper withBorder p="md">
        <form onSubmit={(event) => void submit(event)} aria-label="Change your password">
          <Stack>
            {failure && (
              <Alert color="red" role="alert" title="The password was not changed">
                {failure}
              </Alert>
            )}
            {changed && (
              <Alert color="green" role="status" title="Password changed">
                Your other sessions have ended; this one goes on.
              </Alert>
            )}
            <PasswordInput label="Current password" required autoComplete="current-password" value={currentPassword} onChange={(event) => setCurrentPassword(event.currentTarget.value)} />
            <PasswordInput label="New password" description="At least 8 characters." required autoComplete="new-password" value={newPassword} onChange={(event) => setNewPassword(event.currentTarget.value)} />
            <PasswordInput
              label="New password again"
              required
              autoComplete="new-password"
              value={repeated}
              error={mismatch ? 'The two new passwords differ' : undefined}
              onChange={(event) => setRepeated(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={loading} leftSection={<IconKey size={18} stroke={1.6} aria-hidden />}>
                Change password
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
