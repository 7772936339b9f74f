import { z } from 'zod';
import { isSemverRange } from './semver-range.js';
import { exposedPath, pluginName, scope, uiContributionFields } from './ui-plugin-config-schema.js';

/** The descriptor's file name: a remote serves it beside its `remoteEntry.js`. */
export const latticePluginDescriptorFile = 'lattice-plugin.json';

const sharedRange = z.string().refine(isSemverRange, {
  message: 'must be a semver range, e.g. "^19.0.0"',
});

/**
 * `lattice-plugin.json`: what a `ui: remote` plugin tells the shell about itself, so that configs.json
 * needs only its name and `ui_url`, and a menu change needs no change of the host. The remote's team
 * deploys it with its entry (`@lattice/ui-sdk/lattice-plugin.schema.json` is its JSON Schema).
 */
export const latticePluginDescriptorSchema = z
  .object({
    $schema: z.string().optional(),
    name: pluginName,
    scope,
    routes: z
      .object({ module: exposedPath }, { error: 'is required: { "module": "./routes" }, the module the shell renders for the pages' })
      .strict(),
    ...uiContributionFields,
    shared: z
      .record(z.string().min(1), sharedRange)
      .default({})
      .describe('The shared modules the remote needs and the versions it accepts, e.g. { "react": "^19.0.0" }'),
    entryHash: z
      .string()
      .regex(/^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/, 'must be a subresource-integrity hash, e.g. "sha384-…"')
      .optional()
      .describe("The hash of remoteEntry.js, as in a script's integrity attribute"),
  })
  .strict();

export type LatticePluginDescriptorInput = z.input<typeof latticePluginDescriptorSchema>;
export type LatticePluginDescriptor = z.output<typeof latticePluginDescriptorSchema>;

export type DescriptorParse = { success: true; descriptor: LatticePluginDescriptor } | { success: false; problems: string[] };

/** Validates a descriptor, naming every wrong field ("menus.0.location: …") rather than stopping at the first. */
export function parseLatticePluginDescriptor(input: unknown): DescriptorParse {
  const result = latticePluginDescriptorSchema.safeParse(input);
  if (result.success) return { success: true, descriptor: result.data };
  return { success: false, problems: result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`) };
}

/** The descriptor's JSON Schema, for editors and for teams outside this repository. */
export function latticePluginDescriptorJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(latticePluginDescriptorSchema, { target: 'draft-7', io: 'input' });
  return { ...schema, title: 'Lattice UI remote descriptor (lattice-plugin.json)', description: 'Served beside remoteEntry.js: the routes, menus, inbox slots, home page widget and shared versions of a ui: remote plugin' };
}
