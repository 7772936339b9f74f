import { useEffect, useState } from 'react';
import { IconSearch } from '../components/icons.js';
import { TextInput, useDebouncedValue } from '../components/mantine.js';

export interface ListSearchProps {
  /** The search in the URL. */
  value: string;
  onSearch: (value: string) => void;
  /** The box's accessible name, e.g. "Search customers". */
  label: string;
  placeholder: string;
  /** Its width from Mantine's `xs` breakpoint up; below it the box is as wide as the page. */
  width?: number;
}

/**
 * A list's search box: searches as the user types (after a pause), trimmed; the URL keeps the search, so
 * back/forward follow it and show it here.
 */
export function ListSearch({ value, onSearch, label, placeholder, width = 300 }: ListSearchProps) {
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
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} stroke={1.6} aria-hidden />}
      value={typed}
      onChange={(event) => setTyped(event.currentTarget.value)}
      w={{ base: '100%', xs: width }}
    />
  );
}
