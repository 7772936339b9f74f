import type { UiPluginMenu } from './ui-plugin-config-schema.js';

/**
 * A menu's text in a language: its translation for that language code ("de-AT", then "de"), else `text`,
 * the English it was written in. Free of zod, so the shell's bundle takes only this.
 */
export function menuText(menu: Pick<UiPluginMenu, 'text' | 'translations'>, locale: string): string {
  const translations = menu.translations;
  if (!translations) return menu.text;
  return translations[locale] ?? translations[locale.split('-')[0] ?? locale] ?? menu.text;
}
