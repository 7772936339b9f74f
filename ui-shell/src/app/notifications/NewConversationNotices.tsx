import { useRef, useState } from 'react';
import { useSubscription } from '@apollo/client/react';
import { Alert, Anchor, Link, Stack, Text, useCan, useMessages } from '@lattice/ui-sdk';
import { appBase } from '../boot/app-base.js';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { usePlugins } from '../plugins/PluginsProvider.js';
import { conversationChangedSubscription, type ChangedConversation } from '../../graphql/new-conversation-subscription.js';

// A few at a time: a burst of mail must not cover the page.
const shownAtMost = 3;

/**
 * The phone app's in-app notices (not OS push): each conversation that is new since the app opened and waits
 * for an answer (open) shows a notice, over the live connection the inbox already offers (`conversationChanged`),
 * with a link to the inbox. Conversations have no assignee yet, so every open new one waits for every agent
 * who may see conversations. Only in the phone app, with the inbox plugin enabled.
 */
export function NewConversationNotices() {
  const { plugins } = usePlugins();
  const canSee = useCan('inbox:showConversations');
  if (!appBase || !canSee || !plugins.some((plugin) => plugin.name === 'inbox')) return null;
  return <NoticesOfNewConversations />;
}

function NoticesOfNewConversations() {
  const t = useMessages(shellCatalogue);
  const openedAt = useRef(Date.now());
  const noticed = useRef(new Set<string>());
  const [notices, setNotices] = useState<ChangedConversation[]>([]);
  useSubscription(conversationChangedSubscription, {
    onData: ({ data }) => {
      const conversation = data.data?.conversationChanged;
      if (!conversation || conversation.status !== 'open' || !conversation.createdAt) return;
      // Only conversations created since the app opened; a message to an older one is not a new conversation.
      if (Date.parse(conversation.createdAt) < openedAt.current || noticed.current.has(conversation._id)) return;
      noticed.current.add(conversation._id);
      setNotices((current) => [conversation, ...current].slice(0, shownAtMost));
    },
  });
  if (notices.length === 0) return null;
  const dismiss = (id: string) => setNotices((current) => current.filter((notice) => notice._id !== id));
  return (
    <Stack gap="xs" mb="sm" data-testid="new-conversation-notices">
      {notices.map((notice) => (
        <Alert key={notice._id} color="blue" role="status" title={t('notices.newConversation')} withCloseButton closeButtonLabel={t('notices.dismiss')} onClose={() => dismiss(notice._id)}>
          <Text size="sm" lineClamp={2}>
            {notice.content || t('notices.noSubject')}
          </Text>
          <Anchor component={Link} to="/inbox/" size="sm" onClick={() => dismiss(notice._id)}>
            {t('notices.openInbox')}
          </Anchor>
        </Alert>
      ))}
    </Stack>
  );
}
