import type { RequestListener } from 'node:http';
import type { MessageBroker } from '@lattice/broker';
import type { GraphqlLimits } from '@lattice/contracts';
import { type PluginDefinition, validatePluginDefinition } from '@lattice/plugin-sdk';
import type { PubSubEngine } from 'graphql-subscriptions';
import type { Logger } from 'pino';
import { createLogger } from './create-logger.js';
import { announce, createHttpApp, initPlugin, listen, startApollo, startServices, startSubscriptions, type HostPhase } from './plugin-host-phases.js';
import { TeardownStack } from './teardown-stack.js';

export interface StartPluginOptions {
  mongoUrl: string;
  /** The plugin's database; defaults to the plugin's name (configs.json `db_name`). */
  dbName?: string;
  broker: MessageBroker;
  pubsub?: PubSubEngine;
  /**
   * `jwt_token_secret`: every subgraph verifies login tokens with it, and only `/graphql` requests signed with a
   * key derived from it (by the gateway: `startGateway`'s `platformSecret`) are let in.
   */
  authTokenSecret: string;
  /** The plugin's configs.json `extra_env`, laid over the process's environment. */
  extraEnv?: Readonly<Record<string, string>>;
  /** 0 (the default) lets the OS pick a free port. */
  port?: number;
  host?: string;
  logger?: Logger;
  /** Dev mode: error messages of unexpected errors reach the client. */
  dev?: boolean;
  /** How often an integration plugin announces its kind to the inbox again; tests shorten it. */
  kindAnnounceIntervalMs?: number;
  /**
   * On stop, how long `/health/ready` answers 503 before the host stops accepting requests, so a gateway
   * sends new ones to another host first. 0 (the default) when no gateway elsewhere routes to this one.
   */
  drainDelayMs?: number;
  /**
   * On stop, after `drainDelayMs`, the most it keeps serving while requests still come (a gateway sends them to a
   * stopping host only while it has no other ready replica). Undefined: it stops accepting after `drainDelayMs`.
   */
  drainGraceMs?: number;
  /** How old a live session answer may be and still stand while the core cannot answer (default 10 min). */
  sessionGraceMs?: number;
  /** The platform runs the `logs` plugin: record every change this plugin makes for a user (its activity log). */
  recordActivity?: boolean;
  /**
   * The GraphQL door limits (configs.json `limits`), each over its GRAPHQL_LIMITS default: the same ones the gateway
   * in front is given. Tests shorten the deadline and the response ceiling with it.
   */
  limits?: Partial<GraphqlLimits>;
  /**
   * Called as each start phase completes, in order; when it throws, the start fails there and every phase started
   * so far is undone. Tests use it to fail each phase in turn.
   */
  afterPhase?: (phase: HostPhase) => void | Promise<void>;
}

export interface RunningPlugin {
  name: string;
  definition: PluginDefinition;
  /** Base URL of the host: the subgraph is at `${url}/graphql`, health at `${url}/health`. */
  url: string;
  port: number;
  /** The host's request listener (its express app), for a gateway in the same process to call directly. */
  handleHttp: RequestListener;
  /**
   * Says it is not ready, waits `drainDelayMs`, ends websocket subscriptions, stops accepting and lets the
   * requests in flight finish. Resolves when no HTTP request is left; broker messages are still handled.
   */
  stopServing(): Promise<void>;
  /**
   * `stopServing`, then waits for the broker messages being handled, calls the plugin's own `stop` and closes
   * the database connection. Messages arriving after that are answered as the plugin being unavailable.
   */
  stop(): Promise<void>;
}

/** Hosts one API plugin: its subgraph at /graphql, /health/live and /health/ready, its own HTTP routes. */
export async function startPlugin(definition: PluginDefinition, options: StartPluginOptions): Promise<RunningPlugin> {
  validatePluginDefinition(definition);
  const debug = options.logger?.child({ plugin: definition.name }) ?? createLogger(definition.name);
  const teardown = new TeardownStack(debug);
  const phase = async <T>(name: HostPhase, run: () => T | Promise<T>): Promise<T> => {
    const result = await run();
    await options.afterPhase?.(name);
    return result;
  };
  try {
    const host = await phase('services', () => startServices(definition, options, debug, teardown));
    const http = await phase('http app', () => createHttpApp(host));
    const schema = await phase('apollo', () => startApollo(host, http, teardown));
    await phase('subscriptions', () => startSubscriptions(host, http, schema, teardown));
    await phase('plugin init', () => initPlugin(host, http, teardown));
    const { url, port } = await phase('listen', () => listen(host, http, teardown));
    await phase('announce', () => announce(host, teardown));
    let serving: Promise<void> | undefined;
    let stopped: Promise<void> | undefined;
    const stopServing = () => (serving ??= teardown.unwind('serving'));
    const stop = () => (stopped ??= stopServing().finally(() => teardown.unwind()));
    return { name: definition.name, definition, url, port, handleHttp: http.listener, stopServing, stop };
  } catch (error) {
    // The stack logs what fails to stop; the error to report is the one that stopped the start.
    await teardown.unwind().catch(() => undefined);
    throw error;
  }
}
