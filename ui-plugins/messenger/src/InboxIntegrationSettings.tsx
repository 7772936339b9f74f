import type { InboxIntegrationSettingsProps } from '@lattice/ui-sdk';
import { MessengerSettingsList } from './components/MessengerSettingsList.js';

/** Exposed as `./inboxIntegrationSettings`: the messengers with their snippet and settings. */
export default function MessengerIntegrationSettings(_props: InboxIntegrationSettingsProps) {
  return <MessengerSettingsList />;
}
