#!/usr/bin/env node
// Runs every test suite in lanes side by side, so CI on 2 cores takes the longest lane's time, not the sum.
//
// - browser lane: the browser tests against npm start's stack (in-process: embedded database, in-process
//   broker and pub/sub, free ports), then against the services topology. One browser at a time: two would
//   starve each other on 2 cores.
// - services lane: every other package, one at a time, because they share this run's RabbitMQ vhost and
//   Redis channel prefix.
// With the services-stack browser run at the end of the services lane, CI's lanes took 17 and 7 minutes; here
// they took 9.3 and 10.7. It runs beside the CLI suite's own services topologies, which is safe because each
// topology has its own RabbitMQ vhost and Redis channel prefix, and ports no other process picks (freePort).
// The type check and eslint open the browser lane rather than run before both lanes: the browser lane was the
// shorter by about 5 minutes (16.8 against 21.7 in CI on 2026-11-27), so the checks' 3-4 minutes now hide in it.
// The type check runs two tsc processes at a time: each loads its package's whole dependency tree from source
// (about 4,600 files and 0.9 GB for the CLI); turbo's default of ten at once cannot finish sooner on 2 cores,
// and in CI it drove the load to 25, starving the test suites in the lanes beside it.
//
// - packaging lane: the SDK release check (@lattice/sdk-release), which packs the SDKs and installs them into a fresh
//   project per toolchain. It waits mostly on the npm registry (installs of 3-6 minutes each, side by side) and
//   shares no broker, database or port with the others; in the services lane it would have added its 12 minutes.
//
// Each lane goes on after a failure, so one run reports every failing suite; the exit code is non-zero if
// any suite failed. Turbo prefixes every line with its package and task, so the lanes' output can be told apart.
// Every failing test ("not ok" in node's TAP output) is printed again at the very end with the lines that follow
// it (its error and stack), because a CI log is often read from its tail only.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const turbo = (...args) => ['npx', ['--no', 'turbo', 'run', ...args, '--continue']];
const lanes = {
  browser: [turbo('typecheck', '--concurrency=2'), ['npx', ['--no', 'eslint', '.']], turbo('test:npm-start', '--filter=@lattice/playwright'), turbo('test:services', '--filter=@lattice/playwright')],
  services: [turbo('test', '--filter=!@lattice/playwright', '--filter=!@lattice/sdk-release', '--concurrency=1')],
  packaging: [turbo('test', '--filter=@lattice/sdk-release')],
};

const failureLinesKept = 40;
const failures = [];

/** Passes a child's output through, keeping each "not ok" line and the lines after it with the same prefix. */
function passThrough(stream, into) {
  const open = new Map(); // turbo's line prefix → the failure being collected under it
  createInterface({ input: stream }).on('line', (line) => {
    into.write(`${line}\n`);
    const notOk = /^(.*?)\s*not ok \d+ - /.exec(line);
    const prefix = notOk ? notOk[1] : (/^(\S+:\s)/.exec(line)?.[1] ?? '');
    if (notOk) {
      const failure = [line];
      failures.push(failure);
      open.set(prefix, failure);
      return;
    }
    const failure = open.get(prefix);
    if (!failure) return;
    failure.push(line);
    if (failure.length >= failureLinesKept) open.delete(prefix);
  });
}

const children = new Set();
function run([command, args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'pipe'] });
    passThrough(child.stdout, process.stdout);
    passThrough(child.stderr, process.stderr);
    children.add(child);
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function runLane(name, steps) {
  const started = Date.now();
  let failed = false;
  for (const step of steps) failed = (await run(step)) !== 0 || failed;
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`# test lane "${name}": ${failed ? 'FAILED' : 'passed'} in ${minutes} min`);
  return failed;
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((child) => child.kill(signal)));
const results = await Promise.all(Object.entries(lanes).map(([name, steps]) => runLane(name, steps)));
if (failures.length > 0) {
  console.log(`# ${failures.length} failing test(s), each with up to ${failureLinesKept} lines of what followed it:`);
  for (const failure of failures) console.log(failure.join('\n'));
}
process.exit(results.some(Boolean) ? 1 : 0);
