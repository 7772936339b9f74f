import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import {
  Alert,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  TextInput,
  Title,
  graphQLErrorMessage,
  useLatticeClient,
  useMessages,
  useNavigate,
  useSearchParams,
  usePageTitle,
} from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { LanguageSwitch } from '../layout/LanguageSwitch.js';
import { SkipLink, mainContentId, mainContentStyle } from '../layout/SkipLink.js';
import { currentUserQuery, loginMutation } from '../../graphql/current-user-query.js';
import { safeNextPath } from '../auth/login-path.js';

export function LoginPage() {
  const t = useMessages(shellCatalogue);
  usePageTitle(t('login.title'));
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
      if (!data?.login) throw new Error(t('login.notLoggedIn'));
      client.writeQuery({ query: currentUserQuery, data: { currentUser: data.login } });
      navigate(safeNextPath(searchParams.get('next')), { replace: true });
    } catch (error) {
      setFailure(graphQLErrorMessage(error));
    }
  }

  return (
    <>
      <SkipLink />
      <Center component="main" id={mainContentId} tabIndex={-1} style={mainContentStyle} mih="100vh" p="sm">
        <Paper component="form" onSubmit={submit} withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={380}>
          <Stack>
            <Group justify="space-between" wrap="nowrap">
              <Title order={2}>{t('login.heading')}</Title>
              <LanguageSwitch />
            </Group>
            {failure && (
              <Alert color="red" title={t('login.failed')} role="alert">
                {failure}
              </Alert>
            )}
            {/* "username" (what password managers look for) is valid only on a text input; inputMode still brings the e-mail keyboard. */}
            <TextInput label={t('login.email')} type="text" inputMode="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
            <PasswordInput
              label={t('login.password')}
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <Button type="submit" loading={loading}>
              {t('login.submit')}
            </Button>
          </Stack>
        </Paper>
      </Center>
    </>
  );
}
