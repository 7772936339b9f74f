import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { logIn } from '@lattice/platform/test-kit';
import { postGraphQL } from '../test-kit/graphql-over-http.js';
import { runPlatform, type RunningLattice } from './run-platform.js';

const configFile = new URL('../../../../configs.json', import.meta.url).pathname;
const owner = { email: 'starved-owner@lattice.test', password: 'a long enough password' };
const busyLoops = 4;
const requests = 500;
const concurrency = 10;

let dataDir: string;
let lattice: RunningLattice;
let hogs: ChildProcess[] = [];

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lattice-starved-'));
  process.env.LATTICE_OWNER_EMAIL = owner.email;
  process.env.LATTICE_OWNER_PASSWORD = owner.password;
  lattice = await runPlatform({ configFile, dataDir, gatewayPort: 0, frontendPort: 0 });
});
after(async () => {
  for (const hog of hogs) hog.kill('SIGKILL');
  await lattice?.stop();
  delete process.env.LATTICE_OWNER_EMAIL;
  delete process.env.LATTICE_OWNER_PASSWORD;
  await rm(dataDir, { recursive: true, force: true });
});

describe('lattice start on a starved machine', { skip: process.env.MONGO_URL ? 'MONGO_URL is set: this test is about npm start on its embedded defaults' : false, timeout: 600_000 }, () => {
  it(`answers ${requests} logins and queries with ${busyLoops} busy loops on the cores, never calling a plugin unavailable`, async () => {
    const url = `${lattice.gatewayUrl}/graphql`;
    const cookie = await logIn(url, owner);
    hogs = Array.from({ length: busyLoops }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
    const answers: Array<{ status: number; codes: string[] }> = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requests) {
          const index = next++;
          const answer =
            // One in five is a login: bcrypt makes each cost about as much CPU as twenty queries.
            index % 5 === 0
              ? await postGraphQL(url, 'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { email } }', {
                  variables: owner,
                  timeoutMs: 120_000,
                })
              : await postGraphQL(url, '{ documentsTotalCount currentUser { email } }', { cookie, timeoutMs: 120_000 });
          answers.push({ status: answer.status, codes: (answer.errors ?? []).map((error) => error.extensions?.code ?? error.message) });
        }
      }),
    );
    for (const hog of hogs) hog.kill('SIGKILL');
    const unavailable = answers.filter((answer) => answer.status === 503 || answer.codes.includes('PLUGIN_UNAVAILABLE'));
    assert.equal(unavailable.length, 0, `PLUGIN_UNAVAILABLE answers: ${unavailable.length}`);
    const failed = answers.filter((answer) => answer.status !== 200 || answer.codes.length > 0);
    assert.deepEqual(failed, [], 'every login and query succeeded, if slower');
    assert.equal(answers.length, requests);
  });
});
