import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logIn } from '@lattice/platform/test-kit';
import { generatedMongoUserFile } from '../platform/embedded-mongo-user.js';
import { postGraphQL, type GraphQLAnswer } from '../test-kit/graphql-over-http.js';
import { startRole } from '../test-kit/role-process.js';

const configFile = new URL('../../../../configs.json', import.meta.url).pathname;

export interface AttackedProcess {
  graphqlUrl: string;
  gatewayUrl: string;
  /** The embedded database, through the user `lattice start` generated in its data folder. */
  mongoUrl: string;
  ownerCookie: string;
  memberCookie: string;
  graphql<TData>(query: string, cookie: string, variables?: Record<string, unknown>): Promise<GraphQLAnswer<TData>>;
  stop(): Promise<void>;
}

/**
 * `lattice start` as `npm start` runs it (configs.json, every plugin, the gateway, the embedded database on its
 * thread), in a process of its own, with its owner and a member logged in. Attacks timed against it measure the
 * platform: run inside the test process, the platform's promises paid node:test's hooks too (about a third more
 * per answer), and the test's own requests took turns on the platform's event loop.
 */
export async function startAttackedProcess(name: string): Promise<AttackedProcess> {
  const owner = { email: `${name}-owner@lattice.test`, password: 'a long enough owner password' };
  const member = { email: `${name}-member@lattice.test`, password: 'a member password of enough length' };
  const dataDir = await mkdtemp(join(tmpdir(), `lattice-${name}-`));
  const lattice = await startRole('start', ['start', '--config', configFile, '--port', '0', '--mobile-port', '0', '--data-dir', dataDir], {
    LATTICE_OWNER_EMAIL: owner.email,
    LATTICE_OWNER_PASSWORD: owner.password,
    LOG_LEVEL: 'warn',
    // npm start's young generation (package.json's start script).
    NODE_OPTIONS: [process.env.NODE_OPTIONS, '--max-semi-space-size=64'].filter(Boolean).join(' '),
  });
  const stop = async () => {
    await lattice.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const graphqlUrl = lattice.urlOf('GraphQL');
    const { password } = JSON.parse(await readFile(generatedMongoUserFile(dataDir), 'utf8')) as { password: string };
    const ownerCookie = await logIn(graphqlUrl, owner);
    const added = await postGraphQL(graphqlUrl, 'mutation ($email: String!, $password: String!) { usersAdd(email: $email, password: $password, role: member) { _id } }', {
      cookie: ownerCookie,
      variables: member,
    });
    if (added.errors) throw new Error(`could not add a member: ${added.errors[0]?.message}`);
    return {
      graphqlUrl,
      gatewayUrl: graphqlUrl.replace(/\/graphql$/, ''),
      mongoUrl: lattice.urlOf('MongoDB').replace(':***@', `:${encodeURIComponent(password)}@`),
      ownerCookie,
      memberCookie: await logIn(graphqlUrl, member),
      graphql: (query, cookie, variables) => postGraphQL(graphqlUrl, query, { cookie, variables, timeoutMs: 120_000 }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
