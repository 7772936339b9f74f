import { z } from 'zod';

export const pluginName = z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be a lower-case plugin name (letters, digits, dashes)');
// The scope becomes a JavaScript global name in the remote entry, so it must be an identifier.
export const scope = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a JavaScript identifier (letters, digits, _)');
export const exposedPath = z.string().regex(/^\.\/[A-Za-z0-9_/-]+$/, 'must start with "./", e.g. "./routes"');
const appPath = z.string().regex(/^\/[A-Za-z0-9_\-/]*$/, 'must be an absolute path such as "/documents/"');

// A BCP 47 language tag as browsers give them: a language, then optionally a script and a region ("de", "pt-BR", "zh-Hant-TW").
const languageTag = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$/, 'must be a language code such as "de" or "pt-BR"')
  .refine((tag) => tag.split('-')[0] !== 'en', 'is English, the language of "text" itself');

/** A menu's text in other languages than English, by language code: `{ "de": "Dokumente" }`. */
export const menuTranslationsSchema = z
  // zod names a bad record key "Invalid key in record"; the key's own message says what is wrong with it.
  .record(languageTag, z.string().min(1, 'must not be empty'), {
    error: (issue) => (issue.code === 'invalid_key' ? issue.issues[0]?.message : undefined),
  })
  .describe('The menu text in other languages, by language code, e.g. { "de": "Dokumente" }; "text" is the English and what other languages show');

export const menuSchema = z
  .object({
    text: z.string().min(1, 'is required').describe('The menu text in English, the source language'),
    translations: menuTranslationsSchema.optional(),
    url: appPath,
    icon: z.string().optional(),
    location: z.enum(['mainNavigation', 'settings']),
  })
  .strict();

export const inboxIntegrationSchema = z
  .object({
    name: z.string().min(1),
    description: z.string().optional(),
    isAvailable: z.boolean(),
    kind: z.string().min(1),
    logo: z.string().optional(),
    createUrl: z.string().optional(),
  })
  .strict();

/** What a UI plugin adds to the shell besides its pages, whether its config is local or served by the remote. */
export const uiContributionFields = {
  menus: z.array(menuSchema).default([]),
  inboxIntegration: inboxIntegrationSchema.optional(),
  inboxIntegrationSettings: exposedPath.optional(),
  inboxIntegrationForm: exposedPath.optional(),
  inboxConversationDetail: exposedPath.optional(),
  dashboardWidget: exposedPath
    .optional()
    .describe('The module whose default export the home page renders in its own card, e.g. "./dashboardWidget"'),
};

/** SPEC.md "UI plugin configuration": what `ui-plugins/<name>/ui-plugin.config.json` holds. */
export const uiPluginConfigSchema = z
  .object({
    $schema: z.string().optional(),
    name: pluginName,
    scope,
    port: z.number().int().min(1).max(65535),
    exposes: z.record(exposedPath, z.string().min(1)).refine((exposes) => './routes' in exposes, {
      message: 'must expose "./routes", the module the shell renders for the plugin\'s pages',
    }),
    routes: z
      .object({
        url: z.string().optional(),
        scope,
        module: exposedPath,
      })
      .strict(),
    ...uiContributionFields,
  })
  .strict()
  .superRefine((config, context) => {
    if (config.routes.scope !== config.scope) {
      context.addIssue({ code: 'custom', path: ['routes', 'scope'], message: `must equal scope "${config.scope}"` });
    }
    const modules: Array<[string, string | undefined]> = [
      ['routes', config.routes.module],
      ['inboxIntegrationSettings', config.inboxIntegrationSettings],
      ['inboxIntegrationForm', config.inboxIntegrationForm],
      ['inboxConversationDetail', config.inboxConversationDetail],
      ['dashboardWidget', config.dashboardWidget],
    ];
    for (const [key, module] of modules) {
      if (module && !(module in config.exposes)) {
        context.addIssue({ code: 'custom', path: [key], message: `names "${module}", which "exposes" does not list` });
      }
    }
  });

export type UiPluginConfigInput = z.input<typeof uiPluginConfigSchema>;
export type UiPluginConfig = z.output<typeof uiPluginConfigSchema>;
export type UiPluginMenu = z.output<typeof menuSchema>;
export type InboxIntegration = z.output<typeof inboxIntegrationSchema>;
