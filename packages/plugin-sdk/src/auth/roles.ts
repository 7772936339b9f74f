export const roles = ['owner', 'admin', 'member'] as const;
export type Role = (typeof roles)[number];

/** Who made a request, as every subgraph reads it from the verified token and the core's session check. */
export interface AuthUser {
  _id: string;
  email: string;
  role: Role;
  /**
   * The login session the request's token names (`sid`). The host has checked it against the core's sessions
   * on this request (a cache of at most a few seconds), and `role` is the one the database holds now.
   */
  sessionId?: string;
  /**
   * What the user may do now, as `<plugin>:<action>` names (their groups' actions with their own grants and
   * denials), as the core answered the session check: a change reaches every host within the session cache's
   * few seconds. Ask with `can(user, action)`.
   */
  permissions: readonly string[];
}
