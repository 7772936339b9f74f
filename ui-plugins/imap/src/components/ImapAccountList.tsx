import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Stack, graphQLErrorMessage } from '@lattice/ui-sdk';
import { imapAccountsQuery, removeAccountMutation } from '../graphql/account-queries.js';
import { imapAccountsOf, type ImapAccount } from '../imap-accounts.js';
import { ImapAccountTable } from './ImapAccountTable.js';
import { RemoveAccountModal } from './RemoveAccountModal.js';

/** The accounts the imap plugin holds, each removable after a confirmation. */
export function ImapAccountList() {
  const { data, previousData, error } = useQuery(imapAccountsQuery);
  const [remove, { loading: removing }] = useMutation(removeAccountMutation, { refetchQueries: ['ImapAccounts'], awaitRefetchQueries: true });
  const [removingAccount, setRemovingAccount] = useState<ImapAccount | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const shown = data ?? previousData;

  function close() {
    setRemovingAccount(null);
    setFailure(null);
  }

  async function confirmRemove() {
    if (!removingAccount) return;
    setFailure(null);
    try {
      await remove({ variables: { _id: removingAccount._id } });
      close();
    } catch (reason) {
      setFailure(graphQLErrorMessage(reason));
    }
  }

  return (
    <Stack>
      {error && (
        <Alert color="red" title="Could not load the IMAP accounts" role="alert">
          {graphQLErrorMessage(error)}
        </Alert>
      )}
      {!(error && !shown) && <ImapAccountTable accounts={shown ? imapAccountsOf(shown.imapAccounts) : null} onRemove={setRemovingAccount} />}
      {removingAccount && (
        <RemoveAccountModal account={removingAccount} removing={removing} failure={failure} onConfirm={() => void confirmRemove()} onClose={close} />
      )}
    </Stack>
  );
}
