// The one mail template: what a customer reads (both parts, their time zone and language, the site's
// name and colour), checked on the template and on mails the modules really write through the HTTP API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultAccentColor,
  formatMailDateTime,
  formatMailPeriod,
  mailBrandOf,
  renderMail,
} from '../src/platform/mail/mail-template.ts';
import { createTestApp, inject, owner, type TestApp } from './test-app.ts';
import {
  book,
  bookingRequest,
  createAppointmentService,
  createStaff,
  customer,
  ok,
  openAllWeek,
} from './bookings-lifecycle-fixtures.ts';

const site = { name: 'Studio <Nord>', locale: 'de-DE', timezone: 'Europe/Berlin' };

describe('the mail template', () => {
  it('writes an HTML and a text part with every value escaped', () => {
    const mail = renderMail(mailBrandOf(site), {
      kind: 'test.kind',
      subject: 'Hello & welcome',
      heading: 'A <b>heading</b>',
      greeting: 'Hello "Ada",',
      paragraphs: ['<script>alert(1)</script>'],
      details: [{ label: 'When', value: '<now>' }],
      note: { from: 'The studio', text: 'Line one\nline <two>' },
      action: { label: 'Open', url: 'https://example.com/?a=1&b=<2>' },
      closing: ['Bye'],
    });
    expect(mail.kind).toBe('test.kind');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(mail.html).toContain('A &#60;b&#62;heading&#60;/b&#62;');
    expect(mail.html).toContain('Studio &#60;Nord&#62;');
    expect(mail.html).toContain('line &#60;two&#62;');
    expect(mail.html).toContain('href="https://example.com/?a=1&#38;b=%3C2%3E"');
    expect(mail.html).toContain('lang="de-DE"');
    expect(mail.text).toBe(
      [
        'A <b>heading</b>',
        'Hello "Ada",',
        '<script>alert(1)</script>',
        'When: <now>',
        'The studio:\nLine one\nline <two>',
        'Open: https://example.com/?a=1&b=<2>',
        'Bye',
        '-- \nStudio <Nord>',
      ].join('\n\n'),
    );
  });

  it("uses the site's colour and logo, with text that reads on the colour, and refuses other link schemes", () => {
    const dark = renderMail(
      mailBrandOf({ ...site, branding: { accentColor: '#1e3a8a', logoUrl: 'https://cdn.example/logo.png' } }),
      { kind: 'k', subject: 's', heading: 'h', action: { label: 'Go', url: 'javascript:alert(1)' } },
    );
    expect(dark.html).toContain('background:#1e3a8a');
    expect(dark.html).toContain('<img src="https://cdn.example/logo.png" alt="Studio &#60;Nord&#62;"');
    expect(dark.html).not.toContain('javascript:');
    const light = renderMail(
      mailBrandOf({ ...site, branding: { accentColor: '#fde68a', logoUrl: 'data:x' } }),
      {
        kind: 'k',
        subject: 's',
        heading: 'h',
        action: { label: 'Go', url: 'https://example.com' },
      },
    );
    expect(light.html).toContain('background:#fde68a;color:#111827');
    expect(light.html).not.toContain('<img');
    const plain = renderMail(mailBrandOf({ ...site, branding: { accentColor: 'red;x:y' } }), {
      kind: 'k',
      subject: 's',
      heading: 'h',
    });
    expect(plain.html).toContain(`background:${defaultAccentColor}`);
    expect(plain.html).not.toContain('red;x:y');
  });

  it("writes dates in the reader's language and zone, and falls back when either is unknown", () => {
    const start = new Date('2026-12-03T17:30:00Z');
    const end = new Date('2026-12-03T18:45:00Z');
    // ICU versions differ in separators ("at" or a comma), so those are left open.
    expect(formatMailPeriod(start, end, { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toMatch(
      /^Donnerstag, 3\. Dezember 2026(,| um) 18:30 – 19:45 MEZ$/,
    );
    expect(formatMailPeriod(start, end, { locale: 'en-US', timeZone: 'America/New_York' })).toMatch(
      /^Thursday, December 3, 2026(,| at) 12:30\sPM – 01:45\sPM EST$/,
    );
    const overnight = formatMailPeriod(start, new Date('2026-12-04T09:00:00Z'), {
      locale: 'en-GB',
      timeZone: 'Europe/London',
    });
    expect(overnight).toMatch(
      /^Thursday,? 3 December 2026(,| at) 17:30 – Friday,? 4 December 2026(,| at) 09:00 GMT$/,
    );
    expect(formatMailDateTime(start, { locale: 'xx-invalid-locale-tag', timeZone: 'Not/AZone' })).toContain(
      '2026',
    );
  });
});

describe('mails the modules write', () => {
  let t: TestApp;
  let service: string;

  beforeAll(async () => {
    t = await createTestApp();
    await ok(t.app, {
      method: 'PATCH',
      url: '/sites/v1/site',
      headers: owner,
      payload: { site: { name: 'Lotus Yoga', locale: 'en-GB', timezone: 'Europe/London' } },
    });
    await openAllWeek(t.app);
    const staff = await createStaff(t.app, 'Maya Patel', 'maya@example.com');
    service = await createAppointmentService(t.app, { staffMemberIds: [staff] });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it("tells a customer when, in their own zone, and with whom; the staff member reads the site's zone", async () => {
    const start = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 5, 10, 14, 0));
    const booking = await book(
      t.app,
      customer('tz-reader'),
      bookingRequest(service, start.toISOString(), {
        bookedEntity: {
          slot: { serviceId: service, startDate: start.toISOString(), timezone: 'Asia/Tokyo' },
        },
        contactDetails: { firstName: 'Ken', email: 'ken@example.com' },
      }),
    );
    const listed = await inject(t.app, { method: 'GET', url: '/mail/v1/outbox?limit=100', headers: owner });
    const messages = listed.body.messages as Array<{ to: string; kind: string; text: string; html: string }>;
    const toCustomer = messages.find(
      (mail) => mail.to === 'ken@example.com' && mail.kind === 'bookings.confirmation',
    )!;
    const toStaff = messages.find(
      (mail) => mail.to === 'maya@example.com' && mail.kind === 'bookings.business.confirmation',
    )!;
    const inTokyo = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Tokyo',
      hour: '2-digit',
      minute: '2-digit',
    });
    const inLondon = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(toCustomer.text).toContain(
      `When: ${formatMailPeriod(start, new Date(booking.endDate), { locale: 'en-GB', timeZone: 'Asia/Tokyo' })}`,
    );
    expect(toCustomer.text).toContain(inTokyo.format(start));
    expect(toCustomer.text).toContain('With: Maya Patel');
    expect(toCustomer.text).toContain('Hello Ken,');
    expect(toCustomer.html).toContain('Lotus Yoga');
    expect(toCustomer.html).toContain('Maya Patel');
    expect(toStaff.text).toContain(inLondon.format(start));
    expect(toStaff.text).not.toContain(inTokyo.format(start));
  });

  it("takes the site's colour and logo from its settings, refuses ones it cannot show, and brands the next mail", async () => {
    const patch = (branding: Record<string, unknown>) =>
      inject(t.app, {
        method: 'PATCH',
        url: '/sites/v1/site',
        headers: owner,
        payload: { site: { branding } },
      });
    const badColour = await patch({ accentColor: 'red' });
    expect(badColour.status).toBe(400);
    expect(JSON.stringify(badColour.body)).toContain('site.branding.accentColor');
    const plainHttp = await patch({ logoUrl: 'http://cdn.example/logo.png' });
    expect(plainHttp.status).toBe(400);
    expect(JSON.stringify(plainHttp.body)).toContain('site.branding.logoUrl');

    const saved = await patch({ accentColor: '#7c3aed', logoUrl: 'https://cdn.example/lotus.png' });
    expect(saved.status).toBe(200);
    expect(saved.body.site.branding).toEqual({
      accentColor: '#7c3aed',
      logoUrl: 'https://cdn.example/lotus.png',
    });
    // Fields left out keep their value; null restores the default.
    const colourOnly = await patch({ logoUrl: null });
    expect(colourOnly.body.site.branding).toEqual({ accentColor: '#7c3aed', logoUrl: null });
    await patch({ logoUrl: 'https://cdn.example/lotus.png' });
    const read = await ok<{ site: { branding: unknown } }>(t.app, {
      method: 'GET',
      url: '/sites/v1/site',
      headers: owner,
    });
    expect(read.site.branding).toEqual({ accentColor: '#7c3aed', logoUrl: 'https://cdn.example/lotus.png' });

    const start = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 5, 11, 9, 0));
    await book(
      t.app,
      customer('branded'),
      bookingRequest(service, start.toISOString(), {
        contactDetails: { firstName: 'Ines', email: 'ines@example.com' },
      }),
    );
    const listed = await inject(t.app, {
      method: 'GET',
      url: '/mail/v1/outbox?to=ines@example.com',
      headers: owner,
    });
    const [mail] = listed.body.messages as Array<{ html: string }>;
    expect(mail!.html).toContain('background:#7c3aed');
    expect(mail!.html).toContain('<img src="https://cdn.example/lotus.png" alt="Lotus Yoga"');
  });
});
