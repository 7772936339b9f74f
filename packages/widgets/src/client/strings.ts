/** The widget's words, English and German; the visitor's browser language picks one. */
const en = {
  close: 'Close chat',
  message: 'Message',
  send: 'Send',
  attach: 'Attach a file',
  email: 'Your e-mail',
  emailSave: 'Save',
  emailSaved: 'We will answer you at {email} if you have left.',
  emailAsk: 'Leave your e-mail so we can answer you by mail.',
  typing: '{name} is typing…',
  seen: 'Seen',
  you: 'You',
  failed: 'Not sent: {reason}',
  tooLarge: 'The file is larger than {size} KB',
  offline: 'Reconnecting…',
};
const de: typeof en = {
  close: 'Chat schließen',
  message: 'Nachricht',
  send: 'Senden',
  attach: 'Datei anhängen',
  email: 'Ihre E-Mail-Adresse',
  emailSave: 'Speichern',
  emailSaved: 'Wir antworten Ihnen an {email}, falls Sie nicht mehr da sind.',
  emailAsk: 'Hinterlassen Sie Ihre E-Mail-Adresse, damit wir Ihnen per Mail antworten können.',
  typing: '{name} schreibt…',
  seen: 'Gelesen',
  you: 'Sie',
  failed: 'Nicht gesendet: {reason}',
  tooLarge: 'Die Datei ist größer als {size} KB',
  offline: 'Verbindung wird wiederhergestellt…',
};

export type Strings = typeof en;

export function stringsFor(lang: string): Strings {
  return /^de\b/i.test(lang) ? de : en;
}

export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '');
}
