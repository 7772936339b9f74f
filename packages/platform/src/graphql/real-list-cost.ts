import type { ApolloServerPlugin } from '@apollo/server';
import { operationLimitsRule, type OperationLimits } from '@lattice/contracts';
import type { PluginDefinition, PluginServices } from '@lattice/plugin-sdk';
import { GraphQLError, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';

/**
 * How long a read bound is used before it is read again: a count costs a round trip, not a scan. A request that
 * finds the bounds older waits for the new read: measured with an older count, a query over documents imported
 * since could slip under the limit (one 100-alias query over 5,000 documents read as none: 500,000 fields).
 */
const BOUND_MAX_AGE_MS = 1_000;

/**
 * The plugin's list bounds (`listBounds`, e.g. `Query.documents` → the collection's count), read at most once a
 * second, only for a request that selects a bounded list, and shared by the requests of that second.
 */
export class ListBounds {
  readonly #readers: ReadonlyArray<[string, () => Promise<number>]>;
  readonly #logger: Logger;
  readonly #now: () => number;
  #values = new Map<string, number>();
  #readAt = -Infinity;
  #reading: Promise<void> | undefined;

  constructor(definition: PluginDefinition, services: PluginServices, logger: Logger, now = () => performance.now()) {
    this.#readers = Object.entries(definition.listBounds?.(services) ?? {});
    this.#logger = logger;
    this.#now = now;
  }

  get declared(): boolean {
    return this.#readers.length > 0;
  }

  /** Whether `Type.field` has a bound of the plugin's. */
  covers(typeName: string, fieldName: string): boolean {
    return this.#readers.some(([coordinate]) => coordinate === `${typeName}.${fieldName}`);
  }

  isFresh(): boolean {
    return this.#now() - this.#readAt < BOUND_MAX_AGE_MS;
  }

  /** Bounds at most a second old: a read starts, shared by the requests that wait for it, when they are older. */
  fresh(): Promise<void> {
    if (this.isFresh()) return Promise.resolve();
    this.#reading ??= this.#read().finally(() => {
      this.#reading = undefined;
    });
    return this.#reading;
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
    this.#readAt = this.#now();
  }
}

/**
 * Refuses, before execution, an operation whose cost with the lists counted at their real size (the plugin's
 * bounds) passes the limit. It runs after Apollo's validation, which its document cache skips for a query seen
 * before: the same query may cost more once the collection has grown.
 */
export function realListCost<TContext extends object>(limits: OperationLimits, bounds: ListBounds): ApolloServerPlugin<TContext> {
  /** The operation's refusal with the bounds as they are, and whether it selects a bounded list at all. */
  const measure = (schema: GraphQLSchema, document: DocumentNode) => {
    let selectsBoundedList = false;
    const rule = operationLimitsRule(limits, (typeName, fieldName) => {
      if (bounds.covers(typeName, fieldName)) selectsBoundedList = true;
      return bounds.bound(typeName, fieldName);
    });
    const [refused] = validate(schema, document, [rule]);
    return { refused, selectsBoundedList };
  };
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document }) {
          const measured = measure(schema, document);
          let { refused } = measured;
          // Only an operation that selects a bounded list waits for the bounds to be read (a count does not).
          if (measured.selectsBoundedList && !bounds.isFresh()) {
            await bounds.fresh();
            ({ refused } = measure(schema, document));
          }
          if (refused) {
            throw new GraphQLError(refused.message, { extensions: { code: refused.extensions['code'], http: { status: 400 } } });
          }
        },
      };
    },
  };
}
