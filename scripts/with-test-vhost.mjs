#!/usr/bin/env node
// Runs a command with RABBITMQ_URL pointing at a RabbitMQ vhost of its own, made now and deleted after,
// and LATTICE_REDIS_PREFIX naming Redis channels of its own, so two test runs on one machine (a developer's
// and CI's, or two packages' at once) cannot take each other's messages. Values already set are kept.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: with-test-vhost <command> [args...]');
  process.exit(2);
}

function rabbitmqctl(...words) {
  execFileSync('rabbitmqctl', ['-q', ...words], { stdio: ['ignore', 'ignore', 'pipe'] });
}

const env = { ...process.env };
// Redis pub/sub channels are global to the server: the run's roles put this before each of theirs.
env.LATTICE_REDIS_PREFIX ||= `lattice-test-${randomBytes(4).toString('hex')}:`;
let vhost;
if (!env.RABBITMQ_URL) {
  const name = `lattice-test-${randomBytes(4).toString('hex')}`;
  try {
    rabbitmqctl('add_vhost', name);
    rabbitmqctl('set_permissions', '-p', name, 'guest', '.*', '.*', '.*');
    vhost = name;
    env.RABBITMQ_URL = `amqp://guest:guest@127.0.0.1:5672/${name}`;
    console.log(`# RabbitMQ vhost ${name} for this run`);
  } catch (error) {
    if (env.CI === 'true') {
      console.error(`with-test-vhost: could not make a RabbitMQ vhost with rabbitmqctl: ${String(error.stderr ?? error.message).trim()}`);
      process.exit(1);
    }
    console.log(`# no vhost of its own for this run (rabbitmqctl: ${String(error.stderr ?? error.message).trim().split('\n')[0]}); tests use RabbitMQ's default vhost if reachable`);
  }
}

const child = spawn(command, args, { stdio: 'inherit', env });
const forward = (signal) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code, signal) => {
  if (vhost) {
    try {
      rabbitmqctl('delete_vhost', vhost);
    } catch (error) {
      console.error(`with-test-vhost: could not delete vhost ${vhost}: ${String(error.stderr ?? error.message).trim()}`);
    }
  }
  process.exit(code ?? (signal ? 1 : 0));
});
