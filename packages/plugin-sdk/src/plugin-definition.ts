import type { MessageBroker } from '@lattice/broker';
import type { Express, Request, Response } from 'express';
import type { DocumentNode, GraphQLFieldResolver, GraphQLScalarType } from 'graphql';
import type { PubSubEngine } from 'graphql-subscriptions';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { ActivityLog, ActivityLogOptions } from './activity/activity-log.js';
import type { PluginOperations } from './auth/operation-access.js';
import type { PluginPermissions } from './auth/permissions.js';
import type { AuthUser } from './auth/roles.js';
import type { SearchDeclaration } from './search/search-declaration.js';
import type { DashboardDataset } from './dashboard/dashboard-dataset.js';

/** What the host hands a plugin at start-up (SPEC.md "Plugin start-up hooks"). */
export interface PluginServices {
  /** A mongoose connection to the plugin's own database (`db_name` or the plugin's name). */
  db: Connection;
  messageBrokerClient: MessageBroker;
  pubsubClient: PubSubEngine;
  /** A pino logger named after the plugin. */
  debug: Logger;
  /** The plugin's environment: the process's, plus its configs.json `extra_env`. */
  env: Readonly<Record<string, string | undefined>>;
  /** The secret login tokens are signed and verified with (`jwt_token_secret`). */
  authTokenSecret: string;
  /** Adds entries of the plugin's own to the activity log; changes to its models are recorded without it. */
  activityLog: ActivityLog;
}

export interface PluginInitOptions extends PluginServices {
  /** The plugin's own express app; the gateway mounts it at `/pl:<name>/`. */
  app: Express;
}

/** The context every resolver receives as its third argument. */
export interface PluginRequestContext extends PluginServices {
  req: Request;
  res: Response;
  /** The verified user, or undefined on the operations the plugin marks public. */
  user?: AuthUser;
  /** The plugin's name, which its actions' full names start with (`documents:`). */
  plugin: string;
  /** The plugin's declared permission modules (its definition's `permissions`). */
  permissions: PluginPermissions;
  /** The full names of the actions the plugin declares (`documents:showDocuments`, ...). */
  declaredActions: ReadonlySet<string>;
  /** When (Date.now()) the request's execution deadline passes: database reads get the time left (`maxTimeMS`). */
  deadlineAt?: number;
  /**
   * Aborted when the request must stop doing work: its deadline passed, or its answer passed the list-item budget
   * (its reason is the error to answer). Hand it to `yieldingList` so a long list stops between chunks.
   */
  signal?: AbortSignal;
  [key: string]: unknown;
}

/**
 * The resolver map `buildSubgraphSchema` takes: @apollo/subgraph's `GraphQLResolverMap`, written out because the
 * 2.14 line (the last for Node 20) does not export it. The parent is `any` as there: each resolver names its own.
 */
export interface PluginResolvers<TContext extends PluginRequestContext = PluginRequestContext> {
  [typeName: string]:
    | {
        [fieldName: string]:
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          | GraphQLFieldResolver<any, TContext>
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          | { requires?: string; resolve?: GraphQLFieldResolver<any, TContext>; subscribe?: GraphQLFieldResolver<any, TContext> };
      }
    | GraphQLScalarType
    | { [enumValue: string]: string | number };
}

export interface PluginGraphQL<TContext extends PluginRequestContext = PluginRequestContext> {
  /** Federation v2 subgraph SDL; the `Date` and `JSON` scalars are provided by the host. */
  typeDefs: DocumentNode | string;
  resolvers: PluginResolvers<TContext>;
}

/**
 * What `onServerInit` may hand back to its host: `stop` runs when the host stops (in reverse plugin order, after
 * the host stopped taking requests and finished those in flight and the broker messages being handled, before
 * its connections close); `context` is merged into the context of every resolver this host runs.
 */
export interface PluginRuntime {
  stop?: () => void | Promise<void>;
  context?: Readonly<Record<string, unknown>>;
}

export interface InboxIntegrationMeta {
  kind: string;
  label: string;
  /**
   * The HTTP routes of this plugin the integrations port (public `/integrations/<name>/`) serves, each with what
   * lies below it; the rest of the plugin (its GraphQL, health, other routes) is never reached from there.
   * Default: SPEC.md's integration controller, `['/receive', '/login']`.
   */
  publicRoutes?: readonly string[];
}

export interface PluginDefinition<TContext extends PluginRequestContext = PluginRequestContext> {
  /** Lower-case name; the same name as the plugin's entry in configs.json. */
  name: string;
  graphql: (services: PluginServices) => PluginGraphQL<TContext>;
  /** Enriches the per-request context (for example with DataLoaders). */
  apolloServerContext?: (context: PluginRequestContext, req: Request) => TContext | Promise<TContext>;
  /** Registers queue consumers, HTTP routes and anything else that runs beside GraphQL. */
  onServerInit?: (options: PluginInitOptions) => void | PluginRuntime | Promise<void | PluginRuntime>;
  /** The plugins this one needs running (for example imap needs inbox and contacts); configs that break this are refused. */
  dependsOn?: readonly string[];
  meta?: { inboxIntegration?: InboxIntegrationMeta };
  /**
   * The variables of its configs.json `extra_env` this plugin reads (in `env`), each with what it does. `lattice
   * validate` and every start refuse an `extra_env` variable a plugin does not declare, so none is accepted and
   * silently ignored.
   */
  env?: Readonly<Record<string, string>>;
  /** What this plugin makes searchable across the platform (packages/plugin-sdk/src/search). */
  search?: readonly SearchDeclaration[];
  /**
   * What each GraphQL root field (Query, Mutation, Subscription) needs: one of this plugin's actions by its short
   * name (`showDocuments`), `authenticated` or `public` (no login: `login`). The host checks it before the resolver
   * runs and refuses to start a plugin with a root field missing here; `lattice validate` says the same.
   */
  operations?: PluginOperations;
  /**
   * What users may do in this plugin: permission modules and their actions (full name `<plugin>:<action>`), with
   * the built-in groups that have each; admins grant them to groups and users, resolvers check them.
   */
  permissions?: PluginPermissions;
  /** What the activity log leaves out of this plugin's changes, and who may read a record's history. */
  activityLog?: ActivityLogOptions;
  /** What the dashboard may chart from this plugin's database (issue 31); the host runs those queries. */
  dashboardDatasets?: readonly DashboardDataset[];
  /**
   * The most items each unpaged list field may return, by `Type.field` (`'Query.documents'`: the collection's
   * count), read again at most every second: the cost limit counts those lists at their real size, so a query
   * that would really cost too much is refused before it runs. Lists not named count as the limit's default.
   */
  listBounds?: (services: PluginServices) => Readonly<Record<string, () => Promise<number>>>;
}
