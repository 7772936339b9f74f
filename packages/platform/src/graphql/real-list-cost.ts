import type { ApolloServerPlugin } from '@apollo/server';
import { operationLimitsRule, type OperationLimits } from '@lattice/contracts';
import type { PluginDefinition, PluginServices } from '@lattice/plugin-sdk';
import { GraphQLError, validate } from 'graphql';
import type { Logger } from 'pino';

/** How long a read bound is used before it is read again: a count costs a round trip, not a scan. */
const BOUND_MAX_AGE_MS = 1_000;
/**
 * How much longer a request may be measured with the last bounds while they are read again. Only so long: a
 * bound read before a quiet spell may be far below the collection's size now (read before 5,000 documents were
 * imported, it let one 100-alias query over them run: 500,000 fields).
 */
const BOUND_STALE_WHILE_READING_MS = 2_000;

/**
 * The plugin's list bounds (`listBounds`, e.g. `Query.documents` → the collection's count), read at most once a
 * second and only when a request comes, shared by the requests of that second. Under a steady flow of requests
 * a request does not wait for the next read: it is measured with the last values (at most three seconds old)
 * while the read runs beside it, so a busy host's requests do not each second wait for a round trip to the
 * database. After a quiet spell the first requests wait for the read.
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

  /** Bounds to measure with: a new read starts when they are a second old, and is waited for past three. */
  fresh(): Promise<void> {
    const age = this.#now() - this.#readAt;
    if (age < BOUND_MAX_AGE_MS) return Promise.resolve();
    this.#reading ??= this.#read().finally(() => {
      this.#reading = undefined;
    });
    return age < BOUND_MAX_AGE_MS + BOUND_STALE_WHILE_READING_MS ? Promise.resolve() : this.#reading;
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
