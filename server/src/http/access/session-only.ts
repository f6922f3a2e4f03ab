/**
 * Issue 21: what an API token may never do, whatever its scopes: manage the account's credentials and devices.
 * Tokens, sessions, passwords and second factors (a token that could make tokens or change the password would
 * outlive its own revocation), accounts (an admin token must not mint a user it can sign in as), and web push
 * (a subscription belongs to a browser session). Routes may also say `config.sessionOnly: true` themselves.
 */
const SESSION_ONLY_PREFIXES = ['/api/account/', '/api/users', '/api/subscribe', '/api/settings/second-factor'];

export function isSessionOnlyRoute(method: string, url: string): boolean {
  const prefixed = SESSION_ONLY_PREFIXES.some((prefix) => url === prefix || url.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
  if (!prefixed) return false;
  // Reading a user (its own record, or an admin's list) is harmless; the account area and push are closed whole.
  const readsUser = url.startsWith('/api/users') && (method === 'GET' || method === 'HEAD') && !url.includes('/sessions') && !url.includes('/tokens');
  return !readsUser;
}
