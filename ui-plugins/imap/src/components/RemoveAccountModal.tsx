import { ConfirmModal, Text } from '@lattice/ui-sdk';
import { accountServer, type ImapAccount } from '../imap-accounts.js';

interface RemoveAccountModalProps {
  account: ImapAccount;
  removing: boolean;
  /** Why the last attempt failed, shown in the dialog so the user can retry or cancel. */
  failure: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

export function RemoveAccountModal({ account, removing, failure, onConfirm, onClose }: RemoveAccountModalProps) {
  const who = account.user ? `${account.user} on ${accountServer(account)}` : accountServer(account);
  return (
    <ConfirmModal
      title="Remove IMAP account"
      confirmLabel="Remove"
      busy={removing}
      failure={failure ? { title: 'The account was not removed', message: failure } : null}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Text>
        Stop syncing <strong>{account.host ? who : 'this account'}</strong> and delete the mails and customers it stored? The
        inbox integration stays; remove it there to remove both.
      </Text>
    </ConfirmModal>
  );
}
