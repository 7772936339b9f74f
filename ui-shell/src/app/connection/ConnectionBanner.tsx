import { useSyncExternalStore } from 'react';
import { Alert, useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { connectionState } from './connection-state.js';

/** A line under the header while the device is offline or the server (or its live updates) cannot be reached; gone once they are back. */
export function ConnectionBanner() {
  const t = useMessages(shellCatalogue);
  const state = useSyncExternalStore(connectionState.subscribe, connectionState.get);
  const message = state.browserOffline ? t('connection.offline') : state.gatewayLost ? t('connection.serverLost') : state.liveLost ? t('connection.liveLost') : undefined;
  if (!message) return null;
  return (
    <Alert role="status" color="yellow" variant="filled" radius={0} py={6} data-testid="connection-banner">
      {message}
    </Alert>
  );
}
