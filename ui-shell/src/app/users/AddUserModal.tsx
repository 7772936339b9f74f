import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Alert, Button, Group, Modal, NativeSelect, PasswordInput, Stack, TextInput, graphQLErrorMessage } from '@lattice/ui-sdk';
import { addUserMutation, usersQuery, userRoles, type UserRole } from './users-queries.js';

/** Adds a user with a first password to hand over; they change it themselves under Settings → Your password. */
export function AddUserModal({ onClose }: { onClose: () => void }) {
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
    <Modal opened onClose={onClose} title="Add a user">
      <form onSubmit={(event) => void submit(event)}>
        <Stack>
          {failure && (
            <Alert color="red" role="alert" title="The user was not added">
              {failure}
            </Alert>
          )}
          <TextInput label="E-mail" type="email" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} data-autofocus />
          <TextInput label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} />
          <PasswordInput label="First password" description="At least 8 characters; they can change it after logging in." required value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
          <NativeSelect label="Role" data={[...userRoles]} value={role} onChange={(event) => setRole(event.currentTarget.value as UserRole)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={loading}>
              Add user
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
