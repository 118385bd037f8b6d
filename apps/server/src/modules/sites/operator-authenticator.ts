import { forbidden, unauthenticated } from '../../platform/errors/app-error.ts';
import type { OperatorAuthenticator } from '../../platform/http/request-context.ts';
import type { SitesService } from './sites.service.ts';

/** Operator routes take an operator key (`atrop_…`, made by `atrium create-operator-key`) and nothing else. */
export function createOperatorAuthenticator(
  service: Pick<SitesService, 'verifyOperatorKey'>,
): OperatorAuthenticator {
  return async (request) => {
    const header = request.headers.authorization;
    const credential = typeof header === 'string' ? header.replace(/^Bearer\s+/i, '').trim() : '';
    if (credential === '') throw unauthenticated('Operator routes need an operator API key');
    if (!credential.startsWith('atrop_'))
      throw forbidden("Operator routes take an operator API key (atrop_…), never a site's credential");
    const operatorKeyId = await service.verifyOperatorKey(credential);
    if (!operatorKeyId) throw unauthenticated('Invalid or revoked operator API key');
    return { operatorKeyId };
  };
}
