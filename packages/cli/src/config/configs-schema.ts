import { z } from 'zod';

const pluginName = z
  .string({ error: 'must be a string' })
  .regex(/^[a-z][a-z0-9-]*$/, 'must be a lower-case plugin name (letters, digits, dashes)');

export const pluginEntrySchema = z
  .object({
    name: pluginName,
    ui: z.enum(['local', 'remote']).optional(),
    /** For `ui: "remote"`: the URL of the remote's remoteEntry.js, deployed by its own team. */
    ui_url: z.url('must be the URL of the remote\'s remoteEntry.js').optional(),
    db_name: z.string().min(1).optional(),
    extra_env: z.record(z.string(), z.string()).optional(),
  })
  .strict()
  .refine((entry) => entry.ui !== 'remote' || entry.ui_url, {
    path: ['ui_url'],
    message: 'is required when ui is "remote": the URL of the remote\'s remoteEntry.js',
  });
export type PluginEntry = z.infer<typeof pluginEntrySchema>;

/** SPEC.md "Deployment configuration file `configs.json`". */
export const configsSchema = z
  .object({
    $schema: z.string().optional(),
    jwt_token_secret: z.string({ error: 'is required: the secret that signs login tokens' }),
    db_server_address: z.string().optional(),
    secondary_server_address: z.string().optional(),
    image_tag: z.string().optional(),
    domain: z.string({ error: 'is required: the public URL with its scheme' }).url('must be a URL with a scheme, e.g. https://example.com'),
    widgets: z.object({ domain: z.string().url('must be a URL with a scheme') }).partial().optional(),
    elasticsearch: z.object({}).passthrough().optional(),
    essyncer: z.object({}).passthrough().optional(),
    redis: z.object({ password: z.string() }).partial().optional(),
    mongo: z.object({ username: z.string(), password: z.string() }).partial().optional(),
    rabbitmq: z.object({ cookie: z.string(), user: z.string(), pass: z.string(), vhost: z.string() }).partial().optional(),
    dashboard: z.object({}).passthrough().optional(),
    client_portal_domains: z.string().optional(),
    plugins: z
      .array(pluginEntrySchema, { error: 'is required: the list of enabled plugins' })
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
  .strict();

export type Configs = z.infer<typeof configsSchema>;
