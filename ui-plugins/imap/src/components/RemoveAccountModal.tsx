import { Alert, Button, Group, Modal, Stack, Text } from '@lattice/ui-sdk';
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
    <Modal opened onClose={onClose} title="Remove IMAP account">
      <Stack>
        {failure && (
          <Alert color="red" role="alert" title="The account was not removed">
            {failure}
          </Alert>
        )}
        <Text>
          Stop syncing <strong>{account.host ? who : 'this account'}</strong> and delete the mails and customers it stored? The
          inbox integration stays; remove it there to remove both.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={removing} onClick={onConfirm} data-autofocus>
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
