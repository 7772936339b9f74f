import { createHash } from 'node:crypto';
import { Binary, type Document, UUID } from 'bson';

/** mongod's localLogicalSessionTimeoutMinutes: a session unused this long leaves the cache. */
const SESSION_TIMEOUT_MS = 30 * 60 * 1000;
/** Past this many sessions the idle ones are swept on the next use. */
const SWEEP_ABOVE = 10_000;

interface CachedSession {
  id: Binary;
  user: string;
  lastUse: Date;
}

/**
 * The logical sessions clients have used (each command's `lsid`), as mongod's session cache keeps them,
 * so `$listLocalSessions` lists them and `endSessions` ends them. Nothing else depends on it: the
 * server has no transactions, so a session holds no state but its last use.
 */
export class SessionCache {
  private readonly sessions = new Map<string, CachedSession>();

  touch(lsid: unknown, user: string): void {
    const id = sessionId(lsid);
    if (!id) return;
    const key = Buffer.from(id.buffer).toString('hex');
    this.sessions.delete(key);
    this.sessions.set(key, { id, user, lastUse: new Date() });
    if (this.sessions.size > SWEEP_ABOVE) this.sweep();
  }

  end(lsids: unknown): void {
    if (!Array.isArray(lsids)) return;
    for (const lsid of lsids) {
      const id = sessionId(lsid);
      if (id) this.sessions.delete(Buffer.from(id.buffer).toString('hex'));
    }
  }

  /** The sessions as `$listLocalSessions` shows them: `_id: {id, uid}`, `lastUse`, `user`. */
  list(): Document[] {
    this.sweep();
    return [...this.sessions.values()].map((session) => ({
      _id: { id: session.id, uid: new Binary(createHash('sha256').update(session.user).digest(), 0) },
      lastUse: session.lastUse,
      user: { name: session.user },
    }));
  }

  private sweep(): void {
    const oldest = Date.now() - SESSION_TIMEOUT_MS;
    for (const [key, session] of this.sessions) if (session.lastUse.getTime() < oldest) this.sessions.delete(key);
  }
}

function sessionId(lsid: unknown): Binary | undefined {
  if (typeof lsid !== 'object' || lsid === null) return undefined;
  const id = (lsid as { id?: unknown }).id;
  if (id instanceof UUID) return id;
  if (id instanceof Binary && id.sub_type === Binary.SUBTYPE_UUID) return id;
  return undefined;
}
