/**
 * The part of an edit's filter that finds the record only as the client read it: `updatedAt` is the value the
 * client read (undefined skips the check; null means "it had none", a record stored before it was kept).
 */
export function asRead(updatedAt: Date | null | undefined): { updatedAt?: Date | { $exists: false } } {
  if (updatedAt === undefined) return {};
  return { updatedAt: updatedAt === null ? { $exists: false } : updatedAt };
}
