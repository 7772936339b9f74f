import { NativeSelect, isLocale, useLocale, useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';

/** English or Deutsch, each named in itself; the shell remembers the choice in this browser. */
export function LanguageSwitch() {
  const t = useMessages(shellCatalogue);
  const { locale, locales, setLocale } = useLocale();
  return (
    <NativeSelect
      size="xs"
      aria-label={t('language.label')}
      data={locales.map(({ code, label }) => ({ value: code, label }))}
      value={locale}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLocale(next)) void setLocale(next);
      }}
    />
  );
}
