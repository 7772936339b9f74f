import { ConfirmModal, Message, Text, useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import type { UserActions } from './use-user-actions.js';

/** The dialogs that ask before a role change or a deactivation, and show the server's refusal. */
export function UserConfirmations({ actions }: { actions: UserActions }) {
  const t = useMessages(shellCatalogue);
  const { roleChange, deactivation } = actions;
  return (
    <>
      {roleChange.target && (
        <ConfirmModal
          title={t('users.roleChange.title')}
          confirmLabel={t('users.roleChange.confirm', { role: roleChange.target.role })}
          busy={actions.settingRole}
          failure={roleChange.failure ? { title: t('users.roleChange.failed'), message: roleChange.failure } : null}
          onConfirm={roleChange.confirm}
          onClose={roleChange.cancel}
        >
          <Text>
            <Message catalogue={shellCatalogue} id="users.roleChange.text" values={{ email: roleChange.target.user.email, role: roleChange.target.role }} components={{ b: <b /> }} />
          </Text>
        </ConfirmModal>
      )}
      {deactivation.target && (
        <ConfirmModal
          title={t('users.deactivation.title')}
          confirmLabel={t('users.deactivation.confirm')}
          busy={actions.deactivating}
          failure={deactivation.failure ? { title: t('users.deactivation.failed'), message: deactivation.failure } : null}
          onConfirm={deactivation.confirm}
          onClose={deactivation.cancel}
        >
          <Text>
            <Message catalogue={shellCatalogue} id="users.deactivation.text" values={{ email: deactivation.target.email }} components={{ b: <b /> }} />
          </Text>
        </ConfirmModal>
      )}
    </>
  );
}
