import { useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton, useDebouncedValue, useMessages, useNavigate } from '@lattice/ui-sdk';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { searchQuery, type SearchHitRow } from '../../graphql/search-query.js';
import { groupByType, snippetParts } from './search-hits.js';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The header's search: a button (and Ctrl+K / ⌘K anywhere) opens a dialog that searches every plugin's records
 * while the user types (debounced), shows the hits grouped by type, and opens one with Enter (arrows move).
 */
export function SearchBox() {
  const t = useMessages(shellCatalogue);
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 200);
  const [active, setActive] = useState(0);
  const { data, loading, error } = useQuery(searchQuery, { variables: { query: debounced }, skip: !opened || debounced === '', fetchPolicy: 'network-only' });
  // The schema lets a hit be null; the shell shows only present ones.
  const hits = useMemo(() => (debounced === '' ? [] : (data?.search?.hits ?? []).filter((hit): hit is SearchHitRow => hit !== null)), [data, debounced]);
  const groups = useMemo(() => groupByType(hits), [hits]);
  const ordered = useMemo(() => groups.flatMap((group) => group.hits), [groups]);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpened(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => setActive(0), [debounced, hits.length]);

  const close = () => {
    setOpened(false);
    setText('');
  };
  const open = (hit: SearchHitRow | undefined) => {
    if (!hit?.url) return;
    close();
    navigate(hit.url);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(ordered.length - 1, index + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(0, index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(ordered[active]);
    }
  };

  return (
    <>
      <Button variant="default" size="xs" onClick={() => setOpened(true)} aria-keyshortcuts="Control+K Meta+K" data-testid="search-open">
        {/* A phone has no keyboard to press it on, and the header no room for it. */}
        {t('search.open')} <Text span c="dimmed" size="xs" ml={6} visibleFrom="sm">{isMac ? '⌘K' : 'Ctrl+K'}</Text>
      </Button>
      <Modal opened={opened} onClose={close} title={t('search.title')} size="lg" yOffset="10vh">
        <TextInput
          data-autofocus
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          placeholder={t('search.placeholder')}
          aria-label={t('search.placeholder')}
          role="combobox"
          aria-expanded={ordered.length > 0}
          aria-controls="lattice-search-results"
          aria-activedescendant={ordered[active] ? `lattice-search-hit-${active}` : undefined}
          rightSection={loading ? <Loader size="xs" /> : null}
        />
        <Stack gap="sm" mt="md" id="lattice-search-results" role="listbox" aria-label={t('search.results')}>
          {error ? <Text c="dimmed" size="sm">{t('search.unavailable')}</Text> : null}
          {!error && !loading && debounced !== '' && data && ordered.length === 0 ? <Text c="dimmed" size="sm">{t('search.empty')}</Text> : null}
          {groups.map((group) => (
            <Box key={group.type}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
                {group.type}
              </Text>
              {group.hits.map((hit) => {
                const index = ordered.indexOf(hit);
                return (
                  <UnstyledButton
                    key={`${hit.type}:${hit.id}`}
                    id={`lattice-search-hit-${index}`}
                    role="option"
                    aria-selected={index === active}
                    onMouseEnter={() => setActive(index)}
                    onClick={() => open(hit)}
                    w="100%"
                    p="xs"
                    style={{ borderRadius: 6, background: index === active ? 'var(--mantine-color-indigo-light)' : undefined }}
                  >
                    <Group gap="xs" wrap="nowrap">
                      <Badge size="xs" variant="light">{hit.type}</Badge>
                      <Text size="sm" fw={500} truncate>{hit.title}</Text>
                    </Group>
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {snippetParts(hit.snippet ?? '').map((part, i) => (part.marked ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
                    </Text>
                  </UnstyledButton>
                );
              })}
            </Box>
          ))}
        </Stack>
      </Modal>
    </>
  );
}
