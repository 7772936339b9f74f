import type { ApolloServerPlugin } from '@apollo/server';
import { operationLimitsRule, type OperationLimits } from '@lattice/contracts';
import type { PluginDefinition, PluginServices } from '@lattice/plugin-sdk';
import { GraphQLError, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';

/**
 * The plugin's list bounds (`listBounds`, e.g. `Query.documents` → the collection's count), read for each request
 * that selects a bounded list, after it arrived: measured with a count from before it, a query over documents
 * imported since could slip under the limit (one 100-alias query over 5,000 documents read as none: 500,000
 * fields). A count costs a round trip, not a scan, and the requests that arrive while one is read share the next.
 */
export class ListBounds {
  readonly #readers: ReadonlyArray<[string, () => Promise<number>]>;
  readonly #logger: Logger;
  #values = new Map<string, number>();
  /** The read in flight, and the one that starts when it ends (for the requests that came after it started). */
  #reading: Promise<void> | undefined;
  #next: Promise<void> | undefined;

  constructor(definition: PluginDefinition, services: PluginServices, logger: Logger) {
    this.#readers = Object.entries(definition.listBounds?.(services) ?? {});
    this.#logger = logger;
  }

  get declared(): boolean {
    return this.#readers.length > 0;
  }

  /** Whether `Type.field` has a bound of the plugin's. */
  covers(typeName: string, fieldName: string): boolean {
    return this.#readers.some(([coordinate]) => coordinate === `${typeName}.${fieldName}`);
  }

  /** Bounds read after this call: a read in flight started earlier, so the caller waits for the one after it. */
  fresh(): Promise<void> {
    if (this.#next) return this.#next;
    if (!this.#reading) return this.#startRead();
    this.#next = this.#reading.then(() => {
      this.#next = undefined;
      return this.#startRead();
    });
    return this.#next;
  }

  #startRead(): Promise<void> {
    const reading = this.#read().finally(() => {
      if (this.#reading === reading) this.#reading = undefined;
    });
    this.#reading = reading;
    return reading;
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
          if (measured.selectsBoundedList) {
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
