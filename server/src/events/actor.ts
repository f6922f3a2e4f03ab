/**
 * Who did something, for the audit trail (issue 16): the signed-in user's name and the address the request came
 * from (the client address Fastify reports, so HOMECAM_TRUST_PROXY decides whether a proxy's X-Forwarded-For
 * counts). Never a token or anything else from the session.
 */
export interface Actor {
  user: string;
  address: string | null;
}

/** `alice (192.168.1.5)`, or just `alice` without an address. */
export function describeActor(actor: Actor): string {
  return actor.address ? `${actor.user} (${actor.address})` : actor.user;
}
