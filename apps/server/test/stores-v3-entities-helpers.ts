import { inject, owner, type TestApp } from './test-app.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One call as the owner (or the given caller); the parsed answer and its status. */
export function caller(t: TestApp) {
  return (method: Method, url: string, payload?: unknown, headers: Record<string, string> = owner) =>
    inject(t.app, {
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

/** A GET carrying its whole request as `.r` (base64url JSON), as the official v3 clients send queries. */
export function dotR(path: string, request: unknown): string {
  return `${path}?.r=${Buffer.from(JSON.stringify(request)).toString('base64url')}`;
}

export const unknownId = '00000000-0000-4000-8000-000000000000';
