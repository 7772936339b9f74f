import { ConfirmModal, Message, Text, useMessages } from '@lattice/ui-sdk';
import { imapCatalogue } from '../imap-catalogue.js';
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
  const t = useMessages(imapCatalogue);
  const server = accountServer(account);
  // One whole sentence per case, so each language orders its words itself.
  const question = !account.host ? 'remove.questionUnknown' : account.user ? 'remove.questionWithUser' : 'remove.questionServer';
  return (
    <ConfirmModal
      title={t('remove.title')}
      confirmLabel={t('remove.confirm')}
      busy={removing}
      failure={failure ? { title: t('remove.failed'), message: failure } : null}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Text>
        <Message catalogue={imapCatalogue} id={question} values={{ user: account.user, server }} components={{ strong: <strong /> }} />
      </Text>
    </ConfirmModal>
  );
}
