import { SegmentedControl, useMantineColorScheme, type MantineColorScheme } from '@lattice/ui-sdk';

const choices = [
  { label: 'Light', value: 'light' },
  { label: 'System', value: 'auto' },
  { label: 'Dark', value: 'dark' },
];

/** Light, dark, or the system's choice (the default); remembered in this browser. */
export function ColorSchemeControl() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <SegmentedControl
      fullWidth
      size="xs"
      aria-label="Colour scheme"
      data={choices}
      value={colorScheme}
      onChange={(value) => setColorScheme(value as MantineColorScheme)}
    />
  );
}
