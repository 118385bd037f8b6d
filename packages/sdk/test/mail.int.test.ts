import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityKit } from '../../../apps/server/test/identity-helpers.ts';
import { startSmtpServer } from '../../../apps/server/test/smtp-helpers.ts';
import { createTestApp, inject, type TestApp } from '../../../apps/server/test/test-app.ts';
import { createMailService } from '../../../apps/server/src/platform/mail/mail.service.ts';
import { createSmtpTransport } from '../../../apps/server/src/platform/mail/smtp-transport.ts';
import { ApiKeyStrategy } from '../src/auth/api-key.ts';
import { createClient } from '../src/client.ts';
import { ApplicationError } from '../src/errors.ts';
import { mail } from '../src/modules/mail.ts';

// The mail log through the SDK against the real server and a real SMTP conversation: a mailbox that does
// not exist fails for good after eight tries, the log says why, and the owner sends it again.
let testApp: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let baseUrl: string;
let kit: ReturnType<typeof identityKit>;
let siteId: string;
const rejects: string[] = [];

const clientWith = (apiKey: string) =>
  createClient({ baseUrl, auth: ApiKeyStrategy({ apiKey }), modules: { mail } });

beforeAll(async () => {
  smtp = await startSmtpServer({ rejects });
  testApp = await createTestApp({ config: { SMTP_URL: smtp.url } });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  kit = identityKit(testApp);
  siteId = (await kit.defaultSite()).site.id;
}, 120_000);

afterAll(async () => {
  await testApp?.close();
  await smtp?.close();
});

/** A member who asks for a password recovery mail; returns their address. */
async function memberAskingForRecovery(): Promise<string> {
  const member = await kit.memberToken(siteId);
  const response = await inject(testApp.app, {
    method: 'POST',
    url: '/identity/v1/send-email',
    headers: { authorization: `Bearer ${member.token}` },
    payload: { email: member.email },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return member.email;
}

describe('the mail log through the SDK', () => {
  it('shows a mail that failed for good with the reason, sends it again, and refuses what it must', async () => {
    const gone = await memberAskingForRecovery();
    rejects.push(gone);
    const here = await memberAskingForRecovery();

    // The app's delivery runs once a minute; a sender on the same outbox works it now, eight times over.
    const sender = createMailService({
      database: testApp.app.database,
      transport: createSmtpTransport(smtp.url),
      from: 'Atrium <no-reply@localhost>',
    });
    for (let run = 0; run < 8; run += 1) await sender.deliverPending();

    const reader = clientWith((await kit.apiKey(siteId, ['mail.read'])).key);
    const [failed] = await reader.mail.listMail({ status: 'FAILED', to: gone });
    expect(failed).toMatchObject({ to: gone, kind: 'identity.password-recovery', attempts: 8 });
    expect(failed!.lastError).toContain('No such mailbox');
    expect(failed!.createdDate).toBeInstanceOf(Date);
    const [sent] = await reader.mail.listMail({ status: 'SENT', to: here });
    expect(sent).toMatchObject({ status: 'SENT', attempts: 1 });
    expect(sent!.sentDate).toBeInstanceOf(Date);
    expect(sent!.html).toContain('Reset your password');
    expect(smtp.received.filter((received) => received.to === here)).toHaveLength(1);

    // Reading is not sending.
    await expect(reader.mail.resendMail(failed!.id)).rejects.toMatchObject({ status: 403 });

    const sender2 = clientWith((await kit.apiKey(siteId, ['mail.read', 'mail.send'])).key);
    const again = await sender2.mail.resendMail(sent!.id);
    expect(again).toMatchObject({
      to: here,
      status: 'PENDING',
      attempts: 0,
      subject: sent!.subject,
    });
    expect(again.id).not.toBe(sent!.id);
    // A mail still waiting is not doubled.
    const waiting = await sender2.mail.resendMail(again.id).catch((error: unknown) => error);
    expect(waiting).toBeInstanceOf(ApplicationError);
    expect(waiting).toMatchObject({ status: 409, code: 'MAIL_STILL_PENDING' });
    await sender.deliverPending();
    expect(smtp.received.filter((received) => received.to === here)).toHaveLength(2);
    const history = await reader.mail.listMail({ to: here });
    expect(history.map((message) => message.status)).toEqual(['SENT', 'SENT']);

    // Unknown ids, and another site's mail, are not found.
    await expect(sender2.mail.resendMail('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      status: 404,
    });
    await expect(sender2.mail.resendMail('not-an-id')).rejects.toMatchObject({ status: 404 });
    const other = await kit.newSite('Other studio');
    const otherKey = (await kit.apiKey(other.site.id, ['mail.read', 'mail.send'])).key;
    const stranger = createClient({
      baseUrl,
      auth: ApiKeyStrategy({ apiKey: otherKey, siteId: other.site.id }),
      modules: { mail },
    });
    await expect(stranger.mail.resendMail(sent!.id)).rejects.toMatchObject({ status: 404 });
    expect(await stranger.mail.listMail()).toEqual([]);
  });
});
