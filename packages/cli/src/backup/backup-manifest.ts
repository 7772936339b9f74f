import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

export const manifestFileName = 'manifest.json';
export const backupFormat = 'lattice-backup/1';

const backupFile = z.object({ file: z.string().min(1), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

const collectionEntry = z.object({
  name: z.string().min(1),
  /** What listCollections said of it (capped, validator, collation…), given back to `create` on restore. */
  options: z.record(z.string(), z.unknown()),
  count: z.number().int().nonnegative(),
  documents: backupFile,
  indexes: backupFile,
});

export const backupManifestSchema = z.object({
  format: z.literal(backupFormat),
  createdAt: z.string(),
  /** configs.json's enabled plugins at the time, for the operator restoring it. */
  plugins: z.array(z.string()),
  databases: z.array(z.object({ name: z.string().min(1), directory: z.string().min(1), collections: z.array(collectionEntry) })),
});

export type BackupManifest = z.infer<typeof backupManifestSchema>;
export type BackupCollection = z.infer<typeof collectionEntry>;

/** Collection and database names may hold characters a file name cannot: they are stored percent-encoded. */
export function fileNameOf(name: string): string {
  return encodeURIComponent(name).replace(/^\./, '%2E');
}

export async function readBackupManifest(directory: string): Promise<BackupManifest> {
  const file = join(directory, manifestFileName);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`${directory} is not a complete Lattice backup: it has no ${manifestFileName}`, { cause: error });
    throw error;
  }
  const parsed = backupManifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} is not a Lattice backup manifest (${backupFormat}): ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  return parsed.data;
}
