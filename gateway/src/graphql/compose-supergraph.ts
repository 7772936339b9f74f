import { parse } from 'graphql';
import { composeServices, type CompositionSuccess } from '@theguild/federation-composition';

export interface SubgraphSdl {
  name: string;
  url: string;
  sdl: string;
}

/** Composes Federation v2 subgraph SDLs into a supergraph; throws one error listing every composition problem. */
export function composeSupergraph(subgraphs: SubgraphSdl[]): CompositionSuccess {
  const result = composeServices(
    subgraphs.map(({ name, url, sdl }) => ({ name, url: `${url}/graphql`, typeDefs: parse(sdl) })),
  );
  if (result.errors) {
    const reasons = result.errors.map((error) => error.message).join('; ');
    throw new Error(`Supergraph composition failed: ${reasons}`);
  }
  return result;
}
