import { getOperationAST, Kind, type DocumentNode, type GraphQLError, type OperationDefinitionNode } from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import { gatewayError } from '../graphql/gateway-errors.js';
import type { OperationPreparer } from '../graphql/operation-preparer.js';

export type RoutedSubscription =
  | { readonly ok: true; readonly document: DocumentNode; readonly plugins: readonly string[] }
  | { readonly ok: false; readonly errors: readonly GraphQLError[] };

function refused(message: string): RoutedSubscription {
  return { ok: false, errors: [gatewayError(message, 'BAD_USER_INPUT')] };
}

function rootFieldOwners(preparer: OperationPreparer, operation: OperationDefinitionNode): string[] {
  const rootType = preparer.supergraph.schema.getSubscriptionType()?.name;
  const first = operation.selectionSet.selections[0];
  if (!rootType || first?.kind !== Kind.FIELD) return [];
  return [...(preparer.supergraph.ownership.fieldOwners.get(`${rootType}.${first.name.value}`) ?? [])];
}

/**
 * Checks a subscription as the HTTP path checks any operation (parse, validation, depth and size limits)
 * and finds the plugins that can serve it whole. One that also needs another plugin's fields (an entity
 * hop) is refused: events are forwarded from the owning plugin as they are, never planned across plugins.
 */
export function routeSubscription(preparer: OperationPreparer, payload: SubscribePayload): RoutedSubscription {
  const prepared = preparer.prepare(payload.query);
  if (!prepared.ok) return { ok: false, errors: prepared.errors };
  const operation = getOperationAST(prepared.document, payload.operationName);
  if (!operation) return refused('Say which operation of the document to run with "operationName"');
  if (operation.operation !== 'subscription') {
    return refused('Only subscriptions are served over websocket; send queries and mutations over HTTP to /graphql');
  }
  if (prepared.route.length === 0) {
    const owners = rootFieldOwners(preparer, operation).map((name) => `"${name}"`).join(' or ');
    return refused(
      `A subscription must be answered by the plugin that serves it${owners ? ` (${owners})` : ''}; ` +
        'this one also selects fields of other plugins: ask for those with a query',
    );
  }
  return { ok: true, document: prepared.document, plugins: prepared.route };
}
