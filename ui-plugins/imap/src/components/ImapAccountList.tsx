import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Stack, graphQLErrorMessage, useConfirmation, useMessages } from '@lattice/ui-sdk';
import { imapCatalogue } from '../imap-catalogue.js';
import { imapAccountsQuery, removeAccountMutation } from '../graphql/account-queries.js';
import { imapAccountsOf, type ImapAccount } from '../imap-accounts.js';
import { ImapAccountTable } from './ImapAccountTable.js';
import { RemoveAccountModal } from './RemoveAccountModal.js';

/** The accounts the imap plugin holds, each removable after a confirmation. */
export function ImapAccountList() {
  const { data, previousData, error } = useQuery(imapAccountsQuery);
  const [remove, { loading: removing }] = useMutation(removeAccountMutation, { refetchQueries: ['ImapAccounts'], awaitRefetchQueries: true });
  const removal = useConfirmation((account: ImapAccount) => remove({ variables: { _id: account._id } }));
  const shown = data ?? previousData;
  const t = useMessages(imapCatalogue);

  return (
    <Stack>
      {error && (
        <Alert color="red" title={t('accounts.loadFailed')} role="alert">
          {graphQLErrorMessage(error)}
        </Alert>
      )}
      {!(error && !shown) && <ImapAccountTable accounts={shown ? imapAccountsOf(shown.imapAccounts) : null} onRemove={removal.ask} />}
      {removal.target && (
        <RemoveAccountModal account={removal.target} removing={removing} failure={removal.failure} onConfirm={removal.confirm} onClose={removal.cancel} />
      )}
    </Stack>
  );
}
