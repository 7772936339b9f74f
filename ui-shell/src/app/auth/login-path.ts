/** `/login?next=<where the user was>`, so logging in returns there. */
export function loginPath(location: { pathname: string; search: string }): string {
  if (location.pathname === '/login') return '/login';
  return `/login?next=${encodeURIComponent(location.pathname + location.search)}`;
}

/** Only same-site paths: `next` comes from the URL, so it must not send the user to another site. */
export function safeNextPath(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}
