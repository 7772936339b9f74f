import { definePlugin, InputError, type PluginDefinition, type PluginRequestContext, PluginUnavailableError, requireUser } from '@lattice/plugin-sdk';
import { createSearchClient, type SearchClient, SearchEngineError } from '../client/search-client.js';
import { type DeclaredSearch, META } from '../layout/index-layout.js';
import { planSearch, searchArgumentsSchema } from './search-query.js';

export const SEARCH_PLUGIN_NAME = 'search';

const typeDefs = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@shareable"])

  "One record found: its type (document, customer, conversation, message...), where it opens, and why it matched."
  type SearchHit {
    type: String
    id: String
    title: String
    "The matching words marked with <mark>, the rest HTML-escaped."
    snippet: String
    url: String
    score: Float
  }

  type SearchResult {
    total: Int
    hits: [SearchHit]
  }

  type Query {
    "Searches every plugin's declared records the caller may read. page starts at 1; perPage is at most 50."
    search(query: String!, types: [String!], page: Int, perPage: Int): SearchResult
  }
`;

/** HTML escaping for a title or a plain snippet (highlighted snippets come escaped from the engine). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface SearchContext extends PluginRequestContext {
  searchClient: SearchClient;
}

/**
 * The search subgraph the platform runs beside the plugins when configs.json has `elasticsearch`: it knows the
 * enabled plugins' declarations (handed over by the platform, so plugins never import each other) and asks the
 * engine at `ELASTICSEARCH_URL`.
 */
export function createSearchPlugin(declared: readonly DeclaredSearch[]): PluginDefinition {
  const types = new Map<string, string>();
  for (const { plugin, declaration } of declared) {
    const owner = types.get(declaration.type);
    if (owner) throw new Error(`Search type "${declaration.type}" is declared by both ${owner} and ${plugin}`);
    types.set(declaration.type, plugin);
  }
  return definePlugin<SearchContext>({
    name: SEARCH_PLUGIN_NAME,
    // Any user may search; each hit is filtered by the permission its declaration names.
    operations: { Query: { search: 'authenticated' } },
    graphql: () => ({
      typeDefs,
      resolvers: {
        Query: {
          search: async (_parent: unknown, rawArgs: unknown, context: SearchContext) => {
            const parsed = searchArgumentsSchema.safeParse(rawArgs);
            if (!parsed.success) throw new InputError('search takes query: String!, types: [String!], page: Int, perPage: Int');
            const plan = planSearch(parsed.data, declared, new Set(requireUser(context).permissions));
            if (plan.indexes.length === 0) return { total: 0, hits: [] };
            let found;
            try {
              found = await context.searchClient.search(plan.indexes.join(','), plan.body);
            } catch (error) {
              if (error instanceof SearchEngineError && error.status === 400) throw new InputError(`The search engine refused this search: ${error.message}`);
              if (error instanceof SearchEngineError && error.status === 404) return { total: 0, hits: [] };
              throw new PluginUnavailableError('search', { cause: error });
            }
            return {
              total: found.total,
              hits: found.hits.map((hit) => {
                const type = String(hit.source[META.type] ?? '');
                const title = String(hit.source[META.title] ?? '');
                const fragment = (plan.snippetFields.get(type) ?? []).map((field) => hit.highlight[field]?.[0]).find((text) => text !== undefined);
                return { type, id: hit.id, title, snippet: fragment ?? escapeHtml(title), url: String(hit.source[META.url] ?? ''), score: hit.score };
              }),
            };
          },
        },
      },
    }),
    onServerInit: ({ env }) => {
      const url = env.ELASTICSEARCH_URL;
      if (!url) throw new Error('The search subgraph needs ELASTICSEARCH_URL (the engine the platform started or configs.json elasticsearch.url)');
      const searchClient = createSearchClient(url);
      return { context: { searchClient }, stop: () => searchClient.close() };
    },
  });
}
