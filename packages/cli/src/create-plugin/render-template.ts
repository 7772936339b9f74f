import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** packages/cli/templates, from src/create-plugin and from dist/create-plugin alike. */
export const templatesDir = fileURLToPath(new URL('../../templates/', import.meta.url));

const templateSuffix = '.tmpl';

export type Substitutions = Readonly<Record<string, string>>;

export function substitute(text: string, substitutions: Substitutions): string {
  return text.replace(/__([A-Z]+)__/g, (placeholder, key: string) => substitutions[key] ?? placeholder);
}

async function templateFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith(templateSuffix)).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The files of one template folder (`templates/<template>/…/x.ts.tmpl`), as paths relative to the plugin's
 * folder (`…/x.ts`) with their text; placeholders (`__NAME__`) replaced in both. A later template's file
 * replaces an earlier one's of the same path (the integration templates go over the plain ones).
 */
export async function renderTemplates(templates: string[], substitutions: Substitutions): Promise<Map<string, string>> {
  const rendered = new Map<string, string>();
  for (const template of templates) {
    const dir = join(templatesDir, template);
    for (const file of await templateFiles(dir)) {
      const path = substitute(relative(dir, file).slice(0, -templateSuffix.length), substitutions);
      rendered.set(path, substitute(await readFile(file, 'utf8'), substitutions));
    }
  }
  return rendered;
}
