/** Where the back office goes after signing in or enrolling: only a path of the admin area, never another site (open-redirect guard). */
export function destination(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && /^\/(admin|admin-dev|simple-admin)(\/|\?|$)/.test(next) ? next : '/simple-admin';
}
