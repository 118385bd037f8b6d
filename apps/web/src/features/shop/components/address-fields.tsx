import { Grid, Select, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { t } from '../strings.ts';
import type { AddressValues, CheckoutErrors } from '../lib/checkout-form.ts';
import { countryOptions } from '../lib/countries.ts';

/**
 * A postal address: street, apartment, city, postal code, region and country. `kind` names the errors
 * (`shipping.city`) and the browser's autofill section; the billing address's fields say "Billing" in
 * their names, since both addresses can be on the page at once.
 */
export function AddressFields({
  kind,
  value,
  onChange,
  errors,
}: {
  kind: 'shipping' | 'billing';
  value: AddressValues;
  onChange: (value: AddressValues) => void;
  errors: CheckoutErrors;
}) {
  const countries = useMemo(() => countryOptions(), []);
  const a = t.checkout.address;
  const field = (name: keyof AddressValues, autoComplete: string) => ({
    value: value[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ ...value, [name]: event.currentTarget.value }),
    error: errors[`${kind}.${name}`],
    autoComplete: `${kind} ${autoComplete}`,
  });
  const label = (text: string) => (kind === 'billing' ? t.checkout.billingField(text) : text);
  return (
    <Grid>
      <Grid.Col span={12}>
        <TextInput label={label(a.addressLine)} required {...field('addressLine', 'address-line1')} />
      </Grid.Col>
      <Grid.Col span={12}>
        <TextInput
          label={label(a.addressLine2)}
          description={t.checkout.optional}
          {...field('addressLine2', 'address-line2')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={label(a.city)} required {...field('city', 'address-level2')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={label(a.postalCode)} required {...field('postalCode', 'postal-code')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={label(a.subdivision)}
          description={t.checkout.optional}
          {...field('subdivision', 'address-level1')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label={label(a.country)}
          required
          searchable
          data={countries}
          value={value.country || null}
          onChange={(country) => onChange({ ...value, country: country ?? '' })}
          error={errors[`${kind}.country`]}
          autoComplete={`${kind} country`}
          comboboxProps={{ withinPortal: true }}
        />
      </Grid.Col>
    </Grid>
  );
}
