import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

interface CatalogueLoaderContext {
  resourcePath: string;
}

/**
 * Turns a message catalogue (`src/locales/<locale>.json`: `{ "id": "ICU message" }`) into a module whose
 * default export holds the messages compiled as Lingui's runtime reads them, so that no message parser is
 * shipped to the browser. A message that does not parse fails the build, naming the file and the id.
 */
export default function catalogueLoader(this: CatalogueLoaderContext, source: string): string {
  return `export default ${JSON.stringify(compileCatalogue(source, this.resourcePath))};`;
}

export function compileCatalogue(source: string, file: string): Record<string, unknown> {
  const messages: unknown = JSON.parse(source);
  if (typeof messages !== 'object' || messages === null || Array.isArray(messages)) {
    throw new Error(`${file}: a catalogue is a JSON object of message ids and ICU messages`);
  }
  const compiled: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${file}: "${id}" is not a string`);
    try {
      compiled[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`${file}: "${id}" is not a valid ICU message: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  return compiled;
}
