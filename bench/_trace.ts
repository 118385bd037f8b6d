import pg from 'pg';
import { createTestApp, owner } from '../apps/server/test/test-app.ts';
let on = false;
const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
const orig = proto.query;
proto.query = function (this: unknown, ...args: unknown[]) {
  const r = orig.apply(this, args) as Promise<{ rows: unknown[]; fields: unknown[] }> | undefined;
  if (on && r && typeof r.then === 'function') { const q = args[0] as { text?: string; name?: string } | string; const label = typeof q === 'string' ? q : (q.name || q.text?.slice(0, 60)); r.then((res) => console.log(label, 'fields', res.fields?.length, 'bytes', JSON.stringify(res.rows).length)); }
  return r;
};
const t = await createTestApp({ config: { WORKER_ENABLED: 'false' } });
const call = async (method: string, url: string, payload: unknown) => { const r = await t.app.inject({ method: method as 'POST', url, payload: payload as object, headers: owner }); if (r.statusCode !== 200) throw new Error(r.body); return r.json(); };
await call('PATCH', '/bookings/v1/settings', { settings: { businessHours: ['MON','TUE','WED','THU','FRI','SAT','SUN'].map((weekday) => ({ weekday, startTime: '00:00', endTime: '24:00' })) } });
const staff = (await call('POST', '/bookings/v1/staff-members', { staffMember: { name: 'S', email: 's@example.com' } })).staffMember.id;
const service = (await call('POST', '/bookings/v2/services', { service: { type: 'APPOINTMENT', name: 'B', staffMemberIds: [staff], payment: { rateType: 'FIXED', fixed: { price: { value: '10.00', currency: 'USD' } } }, schedule: { availabilityConstraints: { durations: [{ minutes: 30 }] } } } })).service.id;
const first = Date.UTC(new Date().getUTCFullYear() + 1, 0, 1);
for (let i = 0; i < 40; i++) {
  on = i === 39;
  const r = await t.app.inject({ method: 'POST', url: '/bookings/v2/bookings', headers: { 'x-atrium-dev-caller': 'MEMBER:m1' } as Record<string,string>, payload: { booking: { bookedEntity: { slot: { serviceId: service, startDate: new Date(first + i * 1800000).toISOString() } }, contactDetails: { firstName: 'B', email: 'b@example.com' }, totalParticipants: 1 } } });
  if (r.statusCode !== 200) console.log(r.statusCode, r.body);
  if (on) console.log('response bytes', r.body.length);
}
await new Promise((r) => setTimeout(r, 100));
await t.close();
