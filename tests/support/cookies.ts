/**
 * A cookie jar as a browser keeps one, for the clients of the API tests (tests/api/harness.ts) and of
 * the benchmarks (bench/lib/http.ts): a name → value map.
 */

/** Stores a response's Set-Cookie lines in `jar`: an empty value or an expiry in 1970 removes the cookie. */
export function storeSetCookies(jar: Map<string, string>, headers: Headers): void {
  for (const cookie of headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const index = pair!.indexOf('=');
    const name = pair!.slice(0, index).trim();
    const value = pair!.slice(index + 1).trim();
    if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
    else jar.set(name, value);
  }
}

/** The Cookie request header for the jar's cookies. */
export function cookieHeaderOf(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}
