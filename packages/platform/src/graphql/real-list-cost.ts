import type { ApolloServerPlugin } from '@apollo/server';
import { operationLimitsRule, type OperationLimits } from '@lattice/contracts';
import type { PluginDefinition, PluginServices } from '@lattice/plugin-sdk';
import { GraphQLError, validate } from 'graphql';
import type { Logger } from 'pino';

/** How long a read bound is used before it is read again: a count costs a round trip, not a scan. */
const BOUND_MAX_AGE_MS = 1_000;

/**
 * The plugin's list bounds (`listBounds`, e.g. `Query.documents` → the collection's count), read at most once a
 * second and only when a request comes, shared by the requests of that second. Once read, a request does not
 * wait for the next read: it is measured with the last values (at most a second and a read old) while the read
 * runs beside it, so a busy host's requests do not each second wait for a round trip to the database.
 */
export class ListBounds {
  readonly #readers: ReadonlyArray<[string, () => Promise<number>]>;
  readonly #logger: Logger;
  #values = new Map<string, number>();
  #readAt = -Infinity;
  #reading: Promise<void> | undefined;

  constructor(definition: PluginDefinition, services: PluginServices, logger: Logger) {
    this.#readers = Object.entries(definition.listBounds?.(services) ?? {});
    this.#logger = logger;
  }

  get declared(): boolean {
    return this.#readers.length > 0;
  }

  /** Bounds to measure with: resolves at once once they were read, starting a new read when a second old. */
  fresh(): Promise<void> {
    if (performance.now() - this.#readAt < BOUND_MAX_AGE_MS) return Promise.resolve();
    this.#reading ??= this.#read().finally(() => {
      this.#reading = undefined;
    });
    return this.#readAt === -Infinity ? this.#reading : Promise.resolve();
  }

  bound(typeName: string, fieldName: string): number | undefined {
    return this.#values.get(`${typeName}.${fieldName}`);
  }

  async #read(): Promise<void> {
    const values = new Map<string, number>();
    await Promise.all(
      this.#readers.map(async ([coordinate, read]) => {
        try {
          values.set(coordinate, await read());
        } catch (error) {
          // Unknown for now: the list counts as the limit's default until the next read succeeds.
          this.#logger.warn({ err: error, coordinate }, 'a list bound could not be read');
        }
      }),
    );
    this.#values = values;
    this.#readAt = performance.now();
  }
}

/**
 * Refuses, before execution, an operation whose cost with the lists counted at their real size (the plugin's
 * bounds) passes the limit. It runs after Apollo's validation, which its document cache skips for a query seen
 * before: the same query may cost more once the collection has grown.
 */
export function realListCost<TContext extends object>(limits: OperationLimits, bounds: ListBounds): ApolloServerPlugin<TContext> {
  const rule = operationLimitsRule(limits, (typeName, fieldName) => bounds.bound(typeName, fieldName));
  return {
    async requestDidStart() {
      await bounds.fresh();
      return {
        async didResolveOperation({ schema, document }) {
          const [refused] = validate(schema, document, [rule]);
          if (refused) {
            throw new GraphQLError(refused.message, { extensions: { code: refused.extensions['code'], http: { status: 400 } } });
          }
        },
      };
    },
  };
}
