export const roles = ['owner', 'admin', 'member'] as const;
export type Role = (typeof roles)[number];

/** Who made a request, as every subgraph reads it from the verified token. */
export interface AuthUser {
  _id: string;
  email: string;
  role: Role;
  /**
   * The login session the request's token names (`sid`). The host has checked it against the core's sessions
   * on this request (a cache of at most a few seconds), and `role` is the one the database holds now.
   */
  sessionId?: string;
}
