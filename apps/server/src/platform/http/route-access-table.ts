import type { RouteDeclaration } from './request-context.ts';

const callerNames: Record<string, string> = {
  ANONYMOUS_VISITOR: 'visitor',
  MEMBER: 'member',
  WIX_USER: 'staff',
  APP: 'app',
};

/**
 * Every route's access declaration as one markdown table, the page a reviewer reads
 * (docs/route-access.md). The permission test renders it from the running app and compares it with the
 * committed page, so a changed declaration shows up in review as a changed line.
 */
export function renderRouteAccessTable(routes: readonly RouteDeclaration[]): string {
  const rows = routes
    .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS' && !route.webAppFile)
    .map((route) => {
      const access = route.access;
      if (!access) return [route.method, route.url, '**undeclared**', '', ''];
      if (access.public) {
        return [
          route.method,
          route.url,
          access.authenticate === 'optional' ? 'anyone (reads credentials)' : 'anyone',
          '',
          '',
        ];
      }
      if (access.operator) return [route.method, route.url, 'operator (operator API key)', '', ''];
      const callers = (access.identities ?? Object.keys(callerNames)).map(
        (type) => callerNames[type] ?? type,
      );
      const staffRoles = callers.includes('staff') ? (access.roles ?? ['any role']).join(', ') : '';
      const scopes = callers.includes('app')
        ? (access.scopes ?? []).join(', ') || '**none: closed to apps**'
        : '';
      return [route.method, route.url, callers.join(', '), staffRoles, scopes];
    })
    .sort((a, b) => a[1]!.localeCompare(b[1]!) || a[0]!.localeCompare(b[0]!));
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  const lines = rows.map((cells) => `| ${cells.map((cell) => escape(cell || '')).join(' | ')} |`);
  return [
    '# Who may call each route',
    '',
    'Generated from the running app by `npm run routes:access`; `apps/server/test/identity-permissions.test.ts`',
    'fails when a declaration differs from this page, so every change of access is a reviewed change of this',
    'file. Callers: visitor (anonymous visitor token), member, staff (dashboard users, with the roles listed),',
    'app (API key, with one of the scopes listed; `*` holds all). Object-level rules (a member reaches only',
    'their own bookings and items) are in the services and in `docs/security.md`. The files of the built web',
    'app (public, one route each) are left out.',
    '',
    '| method | path | callers | staff roles | API key scopes |',
    '|---|---|---|---|---|',
    ...lines,
    '',
  ].join('\n');
}
