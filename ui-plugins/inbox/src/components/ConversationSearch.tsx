import { useEffect, useState } from 'react';
import { TextInput, useMessages } from '@lattice/ui-sdk';
import { inboxCatalogue } from '../inbox-catalogue.js';

const settleMs = 300;

/** The list's search box: subject, sender and message text; the URL follows once typing pauses. */
export function ConversationSearch({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const t = useMessages(inboxCatalogue);
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text), settleMs);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <TextInput
      type="search"
      label={t('search.label')}
      placeholder={t('search.placeholder')}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => event.key === 'Enter' && onSearch(text)}
    />
  );
}
