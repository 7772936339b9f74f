import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';

/**
 * Writes a generated file whole or not at all: into a temporary file beside it, then renamed over it, so a
 * reader (or nginx reloading) never sees half a file. Without a file, prints it.
 */
export async function writeGenerated(text: string, out: string | undefined): Promise<void> {
  if (!out) {
    process.stdout.write(text);
    return;
  }
  const temporary = `${out}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, text, { mode: 0o644 });
    await rename(temporary, out);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
