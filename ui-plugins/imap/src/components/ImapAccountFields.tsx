import { Checkbox, Group, PasswordInput, TextInput } from '@lattice/ui-sdk';
import type { ImapAccountField, ImapAccountFormValues, ImapAccountProblems } from '../imap-account-form-values.js';

interface ImapAccountFieldsProps {
  values: ImapAccountFormValues;
  problems: ImapAccountProblems;
  onChange: (field: ImapAccountField, value: string) => void;
  onTlsChange: (tls: boolean) => void;
  onSmtpTlsChange: (smtpTls: boolean) => void;
}

// Each problem is announced where it is shown, next to its field.
const announced = { role: 'alert' } as const;

/** The account's inputs; each shows its own problem. */
export function ImapAccountFields({ values, problems, onChange, onTlsChange, onSmtpTlsChange }: ImapAccountFieldsProps) {
  const textProps = (field: ImapAccountField, required = true) => ({
    required,
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
      <TextInput label="Reply from" description="The address replies are sent from (default: the user, if it is one)" placeholder="support@example.com" {...textProps('email', false)} />
      <TextInput
        label="SMTP server"
        description="host or host:port for replies; default: the IMAP host, on 465 (587 without TLS), with the same user and password"
        placeholder="smtp.example.com:587"
        autoComplete="off"
        {...textProps('smtpServer', false)}
      />
      <Checkbox label="SMTP over TLS" checked={values.smtpTls} onChange={(event) => onSmtpTlsChange(event.currentTarget.checked)} />
    </>
  );
}
