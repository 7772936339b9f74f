import { SegmentedControl, useMantineColorScheme, useMessages, type MantineColorScheme } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';

/** Light, dark, or the system's choice (the default); remembered in this browser. */
export function ColorSchemeControl() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const t = useMessages(shellCatalogue);
  const choices = [
    { label: t('colorScheme.light'), value: 'light' },
    { label: t('colorScheme.system'), value: 'auto' },
    { label: t('colorScheme.dark'), value: 'dark' },
  ];
  return (
    <SegmentedControl
      fullWidth
      size="xs"
      aria-label={t('colorScheme.label')}
      data={choices}
      value={colorScheme}
      onChange={(value) => setColorScheme(value as MantineColorScheme)}
    />
  );
}
