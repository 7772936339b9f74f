import { Checkbox, Group, PasswordInput, TextInput, useMessages } from '@lattice/ui-sdk';
import { imapCatalogue, type ImapMessageId } from '../imap-catalogue.js';
import type { ImapAccountField, ImapAccountFormValues, ImapAccountProblems } from '../imap-account-form-values.js';

interface ImapAccountFieldsProps {
  values: ImapAccountFormValues;
  problems: ImapAccountProblems;
  onChange: (field: ImapAccountField, value: string) => void;
  onTlsChange: (tls: boolean) => void;
  onSmtpTlsChange: (smtpTls: boolean) => void;
  onWebhookOnlyChange: (webhookOnly: boolean) => void;
}

// Each problem is announced where it is shown, next to its field.
const announced = { role: 'alert' } as const;

// Each field can be wrong in one way only (empty, or not a port, address or server), so one message each.
const problemMessages = {
  name: 'problem.name',
  host: 'problem.host',
  port: 'problem.port',
  user: 'problem.user',
  password: 'problem.password',
  email: 'problem.email',
  smtpServer: 'problem.smtpServer',
} as const satisfies Record<ImapAccountField, ImapMessageId>;

/** The account's inputs; each shows its own problem. */
export function ImapAccountFields({ values, problems, onChange, onTlsChange, onSmtpTlsChange, onWebhookOnlyChange }: ImapAccountFieldsProps) {
  const t = useMessages(imapCatalogue);
  const textProps = (field: ImapAccountField, required = true) => ({
    required,
    value: values[field],
    error: problems[field] && t(problemMessages[field]),
    errorProps: announced,
    onChange: (event: { currentTarget: HTMLInputElement }) => onChange(field, event.currentTarget.value),
  });
  return (
    <>
      <TextInput label={t('form.name')} description={t('form.nameHint')} data-autofocus {...textProps('name')} />
      <Checkbox
        label={t('form.webhookOnly')}
        description={t('form.webhookOnlyHint')}
        checked={values.webhookOnly}
        onChange={(event) => onWebhookOnlyChange(event.currentTarget.checked)}
      />
      {!values.webhookOnly && <MailServerFields values={values} textProps={textProps} onTlsChange={onTlsChange} onSmtpTlsChange={onSmtpTlsChange} />}
    </>
  );
}

interface MailServerFieldsProps extends Pick<ImapAccountFieldsProps, 'values' | 'onTlsChange' | 'onSmtpTlsChange'> {
  textProps: (field: ImapAccountField, required?: boolean) => Record<string, unknown>;
}

/** The IMAP account and where replies leave: not asked for when mail comes by webhook only. */
function MailServerFields({ values, textProps, onTlsChange, onSmtpTlsChange }: MailServerFieldsProps) {
  const t = useMessages(imapCatalogue);
  return (
    <>
      <Group align="flex-start" grow>
        <TextInput label={t('form.host')} placeholder="imap.example.com" autoComplete="off" {...textProps('host')} />
        <TextInput label={t('form.port')} inputMode="numeric" maw={120} {...textProps('port')} />
      </Group>
      <Checkbox label={t('form.tls')} checked={values.tls} onChange={(event) => onTlsChange(event.currentTarget.checked)} />
      <TextInput label={t('form.user')} autoComplete="off" {...textProps('user')} />
      <PasswordInput
        label={t('form.password')}
        autoComplete="new-password"
        // Mantine names the toggle "Toggle password visibility", which would make a second "Password" label.
        visibilityToggleButtonProps={{ 'aria-label': t('form.passwordToggle') }}
        {...textProps('password')}
      />
      <TextInput label={t('form.email')} description={t('form.emailHint')} placeholder="support@example.com" {...textProps('email', false)} />
      <TextInput
        label={t('form.smtpServer')}
        description={t('form.smtpServerHint')}
        placeholder="smtp.example.com:587"
        autoComplete="off"
        {...textProps('smtpServer', false)}
      />
      <Checkbox label={t('form.smtpTls')} checked={values.smtpTls} onChange={(event) => onSmtpTlsChange(event.currentTarget.checked)} />
    </>
  );
}
