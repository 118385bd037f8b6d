import type {
  ApiKey,
  Identity,
  IdentityProfile,
  MySitesResponse,
  StaffRole,
  StaffSite,
  TokenResponse,
  identitySettingsSchema,
  staffInvitationSchema,
  updateIdentitySettingsRequestSchema,
} from '@atrium/contract/identity';
import type { z } from 'zod';
import type { OAuthStrategy, Tokens } from '../../auth/oauth.ts';
import { defineModule } from '../../client.ts';
import type { WithDates } from '../../dates.ts';

export type { ApiKey, Identity, StaffRole, StaffSite };
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;
export type IdentitySettings = z.infer<typeof identitySettingsSchema>;
export type IdentitySettingsChange = z.input<typeof updateIdentitySettingsRequestSchema>['settings'];

function segment(id: string): string {
  return encodeURIComponent(id);
}

/**
 * The dashboard's team calls: owners and staff of the site, their roles and invitations, the site's API
 * keys and its registration rules. Owners and admins only (API keys: owners).
 * @example
 * const client = createClient({ baseUrl, auth: staffAuth, modules: { team } });
 * await client.team.inviteStaff({ email: 'dana@example.com', role: 'STAFF' });
 */
export const team = defineModule({
  /**
   * `GET /identity/v1/me/sites`: the sites where the signed-in user (by email) is an owner or staff, this
   * one first with `current: true`. Each one's `address` is where its dashboard is.
   */
  listMySites: (context) => async (): Promise<StaffSite[]> =>
    (await context.request<MySitesResponse>({ method: 'GET', path: '/identity/v1/me/sites' })).sites,

  /** `GET /identity/v1/staff`: every owner, admin and staff user of the site. */
  listStaff: (context) => async (): Promise<WithDates<Identity>[]> =>
    (await context.request<{ staff: Identity[] }>({ method: 'GET', path: '/identity/v1/staff' })).staff,

  /** `POST /identity/v1/staff/invitations`: mails a single-use link valid for 7 days. */
  inviteStaff:
    (context) =>
    async (input: { email: string; role?: StaffRole }): Promise<WithDates<StaffInvitation>> =>
      (
        await context.request<{ invitation: StaffInvitation }>({
          method: 'POST',
          path: '/identity/v1/staff/invitations',
          body: input,
        })
      ).invitation,

  /**
   * `POST /identity/v1/staff/invitations/accept` (no sign-in needed): sets the invited user's password and
   * signs them in; the tokens (role 'none') go to the client's OAuthStrategy when it has one. An unknown,
   * used or expired token is refused (4xx with the server's code).
   * @example await client.team.acceptStaffInvitation({ token, password: 'a long password' });
   */
  acceptStaffInvitation:
    (context) =>
    async (input: { token: string; password: string; profile?: IdentityProfile }): Promise<Tokens> => {
      const issuedAt = Math.floor(Date.now() / 1000);
      const answer = await context.request<TokenResponse>({
        method: 'POST',
        path: '/identity/v1/staff/invitations/accept',
        body: input,
        anonymous: true,
      });
      const tokens: Tokens = {
        accessToken: { value: answer.access_token, expiresAt: issuedAt + answer.expires_in },
        refreshToken: { value: answer.refresh_token, role: 'none' },
      };
      const auth = context.auth as Partial<OAuthStrategy> | undefined;
      if (typeof auth?.setTokens === 'function') await auth.setTokens(tokens);
      return tokens;
    },

  /** `PATCH /identity/v1/staff/{id}`: a new role acts on the user's next call. */
  updateStaffRole:
    (context) =>
    async (identityId: string, role: StaffRole): Promise<WithDates<Identity>> =>
      (
        await context.request<{ identity: Identity }>({
          method: 'PATCH',
          path: `/identity/v1/staff/${segment(identityId)}`,
          body: { role },
        })
      ).identity,

  /** `DELETE /identity/v1/staff/{id}`: removes the user from the team and ends their sessions. */
  removeStaff:
    (context) =>
    async (identityId: string): Promise<void> => {
      await context.request({ method: 'DELETE', path: `/identity/v1/staff/${segment(identityId)}` });
    },

  /** `GET /identity/v1/api-keys`: the keys without their secrets (revoked ones carry `revokedDate`). */
  listApiKeys: (context) => async (): Promise<WithDates<ApiKey>[]> =>
    (await context.request<{ apiKeys: ApiKey[] }>({ method: 'GET', path: '/identity/v1/api-keys' })).apiKeys,

  /** `POST /identity/v1/api-keys`: `key` is the only time the secret is shown. */
  createApiKey:
    (context) =>
    async (input: { name: string; scopes?: string[] }): Promise<{ apiKey: WithDates<ApiKey>; key: string }> =>
      context.request<{ apiKey: ApiKey; key: string }>({
        method: 'POST',
        path: '/identity/v1/api-keys',
        body: input,
      }),

  /** `DELETE /identity/v1/api-keys/{id}`: calls with the key fail at once. */
  revokeApiKey:
    (context) =>
    async (apiKeyId: string): Promise<void> => {
      await context.request({ method: 'DELETE', path: `/identity/v1/api-keys/${segment(apiKeyId)}` });
    },

  /** `GET /identity/v1/settings`: registration and captcha rules. */
  getIdentitySettings: (context) => async (): Promise<IdentitySettings> =>
    (
      await context.request<{ settings: IdentitySettings }>({
        method: 'GET',
        path: '/identity/v1/settings',
      })
    ).settings,

  /** `PATCH /identity/v1/settings`: changes the rules given. */
  updateIdentitySettings:
    (context) =>
    async (settings: IdentitySettingsChange): Promise<IdentitySettings> =>
      (
        await context.request<{ settings: IdentitySettings }>({
          method: 'PATCH',
          path: '/identity/v1/settings',
          body: { settings },
        })
      ).settings,
});
