import { Checkbox, Group, PasswordInput, TextInput } from '@lattice/ui-sdk';
import type { ImapAccountField, ImapAccountFormValues, ImapAccountProblems } from '../imap-account-form-values.js';

interface ImapAccountFieldsProps {
  values: ImapAccountFormValues;
  problems: ImapAccountProblems;
  onChange: (field: ImapAccountField, value: string) => void;
  onTlsChange: (tls: boolean) => void;
}

// Each problem is announced where it is shown, next to its field.
const announced = { role: 'alert' } as const;

/** The account's inputs; each shows its own problem. */
export function ImapAccountFields({ values, problems, onChange, onTlsChange }: ImapAccountFieldsProps) {
  const textProps = (field: ImapAccountField) => ({
    required: true,
    value: values[field],
    error: problems[field],
    errorProps: announced,
    onChange: (event: { currentTarget: HTMLInputElement }) => onChange(field, event.currentTarget.value),
  });
  return (
    <>
      <TextInput label="Name" description="How the inbox lists this integration" data-autofocus {...textProps('name')} />
      <Group align="flex-start" grow>
        <TextInput label="IMAP host" placeholder="imap.example.com" autoComplete="off" {...textProps('host')} />
        <TextInput label="Port" inputMode="numeric" maw={120} {...textProps('port')} />
      </Group>
      <Checkbox label="Use TLS" checked={values.tls} onChange={(event) => onTlsChange(event.currentTarget.checked)} />
      <TextInput label="User" autoComplete="off" {...textProps('user')} />
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        // Mantine names the toggle "Toggle password visibility", which would make a second "Password" label.
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide what was typed' }}
        {...textProps('password')}
      />
    </>
  );
}
