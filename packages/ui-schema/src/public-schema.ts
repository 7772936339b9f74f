import { buildSubgraphSchema, printSubgraphSchema } from '@apollo/subgraph';
import { parse, type DocumentNode } from 'graphql';
import { composeSupergraph } from '@lattice/gateway/compose-supergraph';
import { type PluginDefinition, type PluginServices, scalarTypeDefs } from '@lattice/plugin-sdk';
import contacts from '@lattice/plugin-contacts';
import core from '@lattice/plugin-core';
import documents from '@lattice/plugin-documents';
import imap from '@lattice/plugin-imap';
import inbox from '@lattice/plugin-inbox';
import logs from '@lattice/plugin-logs';
import messenger from '@lattice/plugin-messenger';
import { createSearchPlugin } from '@lattice/search';

/**
 * Every API plugin of the repository, and the search subgraph the platform adds when configs.json has `elasticsearch`
 * (its schema does not depend on what the plugins declare): the schema is what a gateway composes with all of them running.
 */
export const apiPlugins: readonly PluginDefinition[] = [...([contacts, core, documents, imap, inbox, logs, messenger] as unknown as PluginDefinition[]), createSearchPlugin([])];

/** `graphql()` gets no services: building a schema must not read them (as `lattice validate` checks). */
const noServices = new Proxy({} as PluginServices, {
  get: (_target, key) => {
    throw new Error(`graphql() read services.${String(key)} while its schema was only being printed`);
  },
});

/** The SDL a plugin answers `{ _service { sdl } }` with: its typeDefs with the platform's scalars, as a subgraph. */
export function subgraphSdl(definition: PluginDefinition): string {
  const { typeDefs } = definition.graphql(noServices) as { typeDefs: string | DocumentNode };
  const document = typeof typeDefs === 'string' ? parse(typeDefs) : typeDefs;
  return printSubgraphSchema(buildSubgraphSchema([{ typeDefs: parse(scalarTypeDefs) }, { typeDefs: document }]));
}

/** The public schema clients see: the gateway's own composition (composeSupergraph) of every plugin, in name order. */
export function printPublicSchema(definitions: readonly PluginDefinition[] = apiPlugins): string {
  const subgraphs = [...definitions]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((definition) => ({ name: definition.name, url: `http://${definition.name}.invalid`, sdl: subgraphSdl(definition) }));
  return `${composeSupergraph(subgraphs).publicSdl.trim()}\n`;
}
