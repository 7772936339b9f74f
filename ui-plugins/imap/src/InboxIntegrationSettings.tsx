import type { InboxIntegrationSettingsProps } from '@lattice/ui-sdk';
import { ImapAccountList } from './components/ImapAccountList.js';

/** Exposed as `./inboxIntegrationSettings`: the imap accounts, shown on the inbox's integrations page. */
export default function ImapIntegrationSettings(_props: InboxIntegrationSettingsProps) {
  // Only one kind is served by this plugin, so `kind` changes nothing here.
  return <ImapAccountList />;
}
