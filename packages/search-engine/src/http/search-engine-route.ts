import type { IncomingMessage } from 'node:http';

/**
 * The route template of an engine request, for its metrics: OpenSearch's own words (`_search`, `_doc`) stay,
 * index names and document ids become `{index}` and `{id}`, so they never become label values.
 */
export function searchEngineRoute(request: IncomingMessage): string {
  const parts = (request.url ?? '/').split('?', 1)[0]!.split('/').filter(Boolean).slice(0, 4);
  let named = 0;
  const template = parts.map((part) => (part.startsWith('_') ? part : named++ === 0 ? '{index}' : '{id}'));
  return `/${template.join('/')}`;
}
