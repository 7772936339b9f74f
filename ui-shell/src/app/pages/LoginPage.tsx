import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Alert, Button, Center, Paper, PasswordInput, Stack, TextInput, Title, graphQLErrorMessage, useLatticeClient, useNavigate, useSearchParams, usePageTitle } from '@lattice/ui-sdk';
import { currentUserQuery, loginMutation } from '../auth/current-user-query.js';
import { safeNextPath } from '../auth/login-path.js';

export function LoginPage() {
  usePageTitle('Log in');
  const navigate = useNavigate();
  const client = useLatticeClient();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [login, { loading }] = useMutation(loginMutation);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      const { data } = await login({ variables: { email, password } });
      if (!data?.login) throw new Error('The server did not log you in');
      client.writeQuery({ query: currentUserQuery, data: { currentUser: data.login } });
      navigate(safeNextPath(searchParams.get('next')), { replace: true });
    } catch (error) {
      setFailure(graphQLErrorMessage(error));
    }
  }

  return (
    <Center mih="100vh" p="sm">
      <Paper component="form" onSubmit={submit} withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={380}>
        <Stack>
          <Title order={2}>Log in to Lattice</Title>
          {failure && (
            <Alert color="red" title="Could not log in" role="alert">
              {failure}
            </Alert>
          )}
          {/* "username" (what password managers look for) is valid only on a text input; inputMode still brings the e-mail keyboard. */}
          <TextInput label="Email" type="text" inputMode="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" loading={loading}>
            Log in
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
