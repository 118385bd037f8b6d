import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '../src/webhooks.ts';
import {
  generateWebhookSecret,
  signatureHeader,
} from '../../../apps/server/src/modules/webhooks/webhook-signature.ts';

const body = JSON.stringify({
  id: 'msg_1',
  type: 'bookings.booking.created',
  data: { booking: { id: 'b1' } },
});

function signed(secrets: string[], timestamp = Math.floor(Date.now() / 1000), id = 'msg_1') {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(secrets, id, timestamp, body),
  };
}

describe('verifyWebhook', () => {
  const secret = generateWebhookSecret();

  it('accepts what the server signs, with headers as a record or a Headers object', () => {
    expect(verifyWebhook(body, signed([secret]), secret).type).toBe('bookings.booking.created');
    expect(verifyWebhook(Buffer.from(body), new Headers(signed([secret])), secret).id).toBe('msg_1');
  });

  it('accepts any one of several signatures (during a secret rotation)', () => {
    const next = generateWebhookSecret();
    const headers = signed([next, secret]);
    expect(() => verifyWebhook(body, headers, secret)).not.toThrow();
    expect(() => verifyWebhook(body, headers, next)).not.toThrow();
  });

  it('matches the Standard Webhooks reference vector', () => {
    // From the Standard Webhooks specification's test suite.
    const reference = verifyWebhook(
      '{"test": 2432232314}',
      {
        'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
        'webhook-timestamp': '1614265330',
        'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
      },
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      { now: new Date(1614265330 * 1000) },
    );
    expect(reference).toEqual({ test: 2432232314 });
  });

  it.each([
    ['a changed body', () => verifyWebhook(body.replace('b1', 'b2'), signed([secret]), secret)],
    ['another secret', () => verifyWebhook(body, signed([secret]), generateWebhookSecret())],
    ['another id', () => verifyWebhook(body, { ...signed([secret]), 'webhook-id': 'msg_2' }, secret)],
    [
      'an old timestamp',
      () => verifyWebhook(body, signed([secret], Math.floor(Date.now() / 1000) - 301), secret),
    ],
    [
      'a future timestamp',
      () => verifyWebhook(body, signed([secret], Math.floor(Date.now() / 1000) + 301), secret),
    ],
    ['a missing header', () => verifyWebhook(body, { 'webhook-id': 'msg_1' }, secret)],
    [
      'a v2 signature',
      () => verifyWebhook(body, { ...signed([secret]), 'webhook-signature': 'v2,abc' }, secret),
    ],
  ])('rejects %s', (_what, verify) => {
    expect(verify).toThrow(WebhookVerificationError);
  });
});
