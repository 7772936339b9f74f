import { z } from 'zod';
import { clientPortalOrigins, originProblem } from './client-portal-origins.js';
import { requiredWithHint } from './issue-message.js';
import { limitsSchema } from './limits-schema.js';

const pluginName = z
  .string({ error: requiredWithHint('the plugin name') })
  .regex(/^[a-z][a-z0-9-]*$/, 'must be a lower-case plugin name (letters, digits, dashes)')
  .describe('Plugin name: the package @lattice/plugin-<name> (API) and/or @lattice/ui-plugin-<name> (UI)');

export const pluginEntrySchema = z
  .object({
    name: pluginName,
    ui: z
      .enum(['local', 'remote'])
      .optional()
      .describe('"local" serves the UI built from ui-plugins/<name>; "remote" loads the remote deployed at ui_url, as its lattice-plugin.json beside it describes'),
    ui_url: z
      .url()
      .optional()
      .describe('For ui "remote": the URL of the remote\'s remoteEntry.js, deployed by its own team with lattice-plugin.json (its routes and menus) beside it'),
    db_name: z.string().min(1).optional().describe('Database name for the plugin (default: the plugin name)'),
    extra_env: z.record(z.string(), z.string()).optional().describe('Environment variables for the plugin'),
  })
  .strict()
  .refine((entry) => entry.ui !== 'remote' || entry.ui_url, {
    path: ['ui_url'],
    message: 'is required when ui is "remote": the URL of the remote\'s remoteEntry.js',
  });
export type PluginEntry = z.infer<typeof pluginEntrySchema>;

const generated = (what: string) => z.string().describe(`${what}; generated at installation`);

/** SPEC.md "Deployment configuration file `configs.json`". */
export const configsSchema = z
  .object({
    $schema: z.string().optional().describe('The JSON Schema of this file, for editors'),
    jwt_token_secret: z
      .string({ error: requiredWithHint('the secret that signs login tokens') })
      .describe('Secret that signs login tokens (<JWT_SECRET>); production needs 32 characters or more'),
    db_server_address: z
      .string()
      .optional()
      .describe('Host of MongoDB, RabbitMQ and Redis; empty: the embedded defaults'),
    secondary_server_address: z
      .string()
      .max(0, 'must be empty: Lattice has no secondary server; give each service its own address (db_server_address, MONGO_URL, RABBITMQ_URL, REDIS_URL, elasticsearch.url, LATTICE_PLUGIN_URLS)')
      .optional()
      .describe('Kept for configs.json files written for the reference platform: only empty is accepted'),
    image_tag: z.string().optional().describe('Image tag to deploy, e.g. "dev"'),
    domain: z
      .url({ error: requiredWithHint('the public URL with its scheme, e.g. https://example.com') })
      .describe('Public URL with its scheme, e.g. https://example.com'),
    widgets: z
      .object({ domain: z.url().describe('Public URL of the widgets service') })
      .partial()
      .optional(),
    elasticsearch: z
      .strictObject({ url: z.url().optional().describe('An OpenSearch or Elasticsearch to use instead of the embedded engine (ELASTICSEARCH_URL overrides)') })
      .optional()
      .describe('Present (an empty object) enables the search engine: the embedded one on 127.0.0.1:9200 unless url names one'),
    essyncer: z.strictObject({}).optional().describe('Present (an empty object) enables the database-to-search synchroniser; needs elasticsearch'),
    redis: z.object({ password: generated('Redis password') }).partial().optional(),
    mongo: z
      .object({
        username: z.string().describe('MongoDB user; the embedded database (npm start, lattice db) requires it too'),
        password: generated('MongoDB password; while a placeholder, the embedded database uses a user generated into <data dir>/mongo-user.json'),
      })
      .partial()
      .optional(),
    rabbitmq: z
      .object({
        cookie: generated('RabbitMQ Erlang cookie'),
        user: z.string().describe('RabbitMQ user'),
        pass: generated('RabbitMQ password'),
        vhost: z.string().describe('RabbitMQ virtual host; empty: the default'),
      })
      .partial()
      .optional(),
    dashboard: z
      .object({
        cache_seconds: z.number().int().min(0).max(3_600).optional().describe('How long the dashboard API keeps an answer (default 10; 0: off)'),
      })
      .strict()
      .optional()
      .describe('Present (even empty): the dashboard runs (API on 4300 at /dashboard/api/, front-end on 4200 at /dashboard/front/); absent: it is off'),
    client_portal_domains: z
      .string()
      .superRefine((value, context) => {
        for (const origin of clientPortalOrigins(value)) {
          const problem = originProblem(origin);
          if (problem) context.addIssue({ code: 'custom', message: problem });
        }
      })
      .optional()
      .describe(
        'Browser origins, besides the platform\'s own, that may call the gateway with their cookies (CORS), separated by commas, e.g. "https://portal.example.com,https://shop.example.com"; empty: none',
      ),
    limits: limitsSchema
      .optional()
      .describe(
        'The GraphQL door limits the gateway and every plugin host apply, each optional over its default (packages/contracts GRAPHQL_LIMITS), e.g. { "maxAliases": 50 }; absent: the defaults',
      ),
    plugins: z
      .array(pluginEntrySchema, { error: requiredWithHint('the list of enabled plugins') })
      .describe('The enabled plugins, in order; the core plugin is always loaded and is not listed')
      .superRefine((plugins, context) => {
        const seen = new Set<string>();
        plugins.forEach((plugin, index) => {
          if (seen.has(plugin.name)) {
            context.addIssue({ code: 'custom', path: [index, 'name'], message: `lists "${plugin.name}" twice` });
          }
          seen.add(plugin.name);
        });
      }),
  })
  .strict()
  .superRefine((configs, context) => {
    if (configs.essyncer && !configs.elasticsearch) {
      context.addIssue({ code: 'custom', path: ['essyncer'], message: 'needs elasticsearch: the synchroniser writes into the search engine, which "elasticsearch" enables' });
    }
  });

export type Configs = z.infer<typeof configsSchema>;
