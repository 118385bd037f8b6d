import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvalidArgumentError } from '../src/errors.ts';
import {
  createAppointmentService,
  createStaff,
  expectRefusal,
  failure,
  startLifecycleServer,
  type LifecycleServer,
} from './bookings-lifecycle-helpers.ts';

// Add-ons through the SDK against the real server: created, read, updated, queried, deleted one at a
// time and in bulk; refused to customers; tied to the add-on groups that name them.
let server: LifecycleServer;

beforeAll(async () => {
  server = await startLifecycleServer();
}, 240_000);
afterAll(() => server?.close(), 60_000);

const owner = () => server.owner();

describe('add-ons', () => {
  it('creates, reads, updates and queries add-ons, prices in the site currency', async () => {
    const towel = await owner().createAddOn({
      name: 'Hot towel',
      price: { value: '5.5' },
      durationInMinutes: 10,
    });
    expect(towel).toMatchObject({
      name: 'Hot towel',
      price: { value: '5.50', currency: 'USD' },
      durationInMinutes: 10,
      revision: '1',
    });
    expect(towel.createdDate).toBeInstanceOf(Date);
    expect(await server.visitor().getAddOn(towel.id)).toMatchObject({ id: towel.id, name: 'Hot towel' });

    const renamed = await owner().updateAddOn(towel.id, { name: 'Warm towel', revision: towel.revision });
    expect(renamed).toMatchObject({ name: 'Warm towel', price: { value: '5.50' }, revision: '2' });
    await expectRefusal(
      owner().updateAddOn(towel.id, { name: 'Stale', revision: towel.revision }),
      409,
      'REVISION_MISMATCH',
    );
    const masked = await owner().updateAddOn(towel.id, { price: { value: '7.00' }, name: 'ignored' }, [
      'price',
    ]);
    expect(masked).toMatchObject({ name: 'Warm towel', price: { value: '7.00' } });

    await owner().createAddOn({ name: 'Oil', price: { value: '3.00' }, maxQuantity: 3 });
    const found = await server.visitor().queryAddOns().ascending('name').find();
    expect(found.items.map((item) => item.name)).toEqual(['Oil', 'Warm towel']);
    const quantity = await owner().queryAddOns().eq('maxQuantity', 3).find();
    expect(quantity.items.map((item) => item.name)).toEqual(['Oil']);
  });

  it('refuses bad add-ons with the field named, customers with 403, unknown ids with 404', async () => {
    const both = await failure(
      owner().createAddOn({ name: 'Both', price: { value: '1.00' }, durationInMinutes: 5, maxQuantity: 2 }),
    );
    expect((both as InvalidArgumentError).fieldViolations[0]?.field).toBe('addOn.durationInMinutes');
    const currency = await failure(
      owner().createAddOn({ name: 'Euro', price: { value: '1.00', currency: 'EUR' }, maxQuantity: 1 }),
    );
    expect((currency as InvalidArgumentError).fieldViolations[0]?.field).toBe('addOn.price.currency');
    await expectRefusal(
      server.member('m-addon').createAddOn({ name: 'Mine', price: { value: '1.00' }, maxQuantity: 1 }),
      403,
    );
    await expectRefusal(owner().getAddOn('00000000-0000-4000-8000-000000000000'), 404, 'ADD_ON_NOT_FOUND');
  });

  it("will not delete an add-on a service's add-on group names, until it is removed from the group", async () => {
    const wax = await owner().createAddOn({ name: 'Wax', price: { value: '4.00' }, maxQuantity: 1 });
    const serviceId = await createAppointmentService(server, {
      staffMemberIds: [await createStaff(server, 'Ari')],
    });
    const group = await owner().createAddOnGroup(serviceId, { name: 'Extras', addOnIds: [wax.id] });
    await expectRefusal(owner().deleteAddOn(wax.id), 409, 'ADD_ON_IN_USE');
    await owner().setAddOnsForGroup(serviceId, group.id!, []);
    await owner().deleteAddOn(wax.id);
    await expectRefusal(owner().getAddOn(wax.id), 404, 'ADD_ON_NOT_FOUND');
  });

  it('creates, updates and deletes in bulk, each item on its own', async () => {
    const created = await owner().bulkCreateAddOns(
      [
        { name: 'Mask', price: { value: '8.00' }, durationInMinutes: 15 },
        { name: 'Broken', price: { value: '8.00' } },
        { name: 'Scrub', price: { value: '9.00' }, durationInMinutes: 20 },
      ],
      { returnEntity: true },
    );
    expect(created.bulkActionMetadata).toMatchObject({ totalSuccesses: 2, totalFailures: 1 });
    const ids = created.results.filter((result) => result.item).map((result) => result.item!.id);
    const updated = await owner().bulkUpdateAddOns(
      ids.map((id) => ({ addOn: { id, price: { value: '10.00' } }, fieldMask: ['price'] })),
      { returnEntity: true },
    );
    expect(updated.results.map((result) => result.item?.price.value)).toEqual(['10.00', '10.00']);
    const deleted = await owner().bulkDeleteAddOns([...ids, ids[0]!]);
    expect(deleted.results.map((result) => result.itemMetadata.success)).toEqual([true, true, false]);
  });
});
