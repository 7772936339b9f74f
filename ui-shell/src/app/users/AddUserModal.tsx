import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { FormModal, NativeSelect, PasswordInput, TextInput, graphQLErrorMessage, useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { useRoleOptions } from './use-role-options.js';
import { addUserMutation, usersQuery, type UserRole } from '../../graphql/users-queries.js';

/** Adds a user with a first password to hand over; they change it themselves under Settings → Your password. */
export function AddUserModal({ onClose }: { onClose: () => void }) {
  const t = useMessages(shellCatalogue);
  const roleOptions = useRoleOptions();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<UserRole>('member');
  const [failure, setFailure] = useState<string | null>(null);
  const [add, { loading }] = useMutation(addUserMutation, { refetchQueries: [usersQuery], awaitRefetchQueries: true });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await add({ variables: { email, name: name.trim() || null, password, role } });
      onClose();
    } catch (error) {
      setFailure(graphQLErrorMessage(error));
    }
  };

  return (
    <FormModal
      title={t('users.addForm.title')}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      failureTitle={t('users.addForm.failed')}
      failure={failure}
      saving={loading}
      submitLabel={t('users.addForm.submit')}
    >
      <TextInput label={t('users.field.email')} type="email" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} data-autofocus />
      <TextInput label={t('users.field.name')} value={name} onChange={(event) => setName(event.currentTarget.value)} />
      <PasswordInput label={t('users.addForm.password')} description={t('users.addForm.passwordHint')} required value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
      <NativeSelect label={t('users.field.role')} data={roleOptions} value={role} onChange={(event) => setRole(event.currentTarget.value as UserRole)} />
    </FormModal>
  );
}
