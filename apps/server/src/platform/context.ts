import type { FastifyBaseLogger } from 'fastify';
import type { Site } from '@atrium/contract/sites';

export type IdentityType = 'ANONYMOUS_VISITOR' | 'MEMBER' | 'WIX_USER' | 'APP';
export type StaffRole = 'OWNER' | 'ADMIN' | 'STAFF';

/** Who is calling: exactly one identity of one site (platform.md, "Identities, tenancy and permissions"). */
export interface Caller {
  identityType: IdentityType;
  identityId?: string;
  role?: StaffRole;
  scopes?: readonly string[];
  /** The sign-in (refresh-token family) the credential belongs to; logout and password change end it. */
  sessionId?: string;
  /**
   * Ids a single-purpose token opened to this caller and nothing else (bookings' guest self-service: one
   * booking, or one multi-service booking and its bookings). Set only by the module that checked the token.
   */
  openedByToken?: readonly string[];
}

/** What every service method takes first. */
export interface RequestContext {
  readonly requestId: string;
  readonly site: Site;
  readonly caller: Caller;
  readonly log: FastifyBaseLogger;
  now(): Date;
}

/** What operator services take first: the operator key that called, no site. */
export interface OperatorContext {
  readonly requestId: string;
  readonly operatorKeyId: string;
  readonly log: FastifyBaseLogger;
  now(): Date;
}

export const systemClock = { now: () => new Date() };
