/**
 * robots.txt: the admin area, the sign-in page and the form result pages are not for search engines.
 * Generated (not a static file) so the sitemap address follows the configured site URL.
 */
import type { APIRoute } from 'astro';

const DISALLOWED = ['/admin', '/admin-dev', '/simple-admin', '/login', '/merci/', '/erreur-envoi/'];

export const GET: APIRoute = ({ site }) => {
  const lines = ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${new URL('/sitemap-index.xml', site)}`, ''];
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
