import { authCookieName } from '@lattice/plugin-sdk';

/** Logs in through the gateway's `login` mutation and returns the `auth-token=…` cookie it set. */
export async function logIn(graphqlUrl: string, credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { _id } }',
      variables: credentials,
    }),
  });
  const body = await response.text();
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${authCookieName}=`));
  if (!cookie) throw new Error(`login as ${credentials.email} set no ${authCookieName} cookie: ${response.status} ${body}`);
  return cookie;
}
