import { useEffect, useState } from 'react';
import { IconSearch, TextInput, useDebouncedValue, useMessages } from '@lattice/ui-sdk';
import { catalogue } from '../catalogue.js';

interface CustomerSearchProps {
  /** The search in the URL. */
  value: string;
  onSearch: (value: string) => void;
}

/** Searches names and addresses as the user types (after a pause); the URL keeps the search. */
export function CustomerSearch({ value, onSearch }: CustomerSearchProps) {
  const t = useMessages(catalogue);
  const [typed, setTyped] = useState(value);
  const [settled] = useDebouncedValue(typed, 300);
  useEffect(() => {
    if (settled.trim() !== value) onSearch(settled.trim());
    // Only a pause in typing searches (so `value` and `onSearch` are left out): a URL change alone must not.
  }, [settled]);
  useEffect(() => {
    // Back/forward (or a link) changed the search: show it.
    setTyped((current) => (current.trim() === value ? current : value));
  }, [value]);
  return (
    <TextInput
      type="search"
      aria-label={t('search.label')}
      placeholder={t('search.placeholder')}
      leftSection={<IconSearch size={16} stroke={1.6} aria-hidden />}
      value={typed}
      onChange={(event) => setTyped(event.currentTarget.value)}
      w={{ base: '100%', xs: 320 }}
    />
  );
}
