import type { Service, ServiceInput } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import {
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { t } from '../../../i18n/strings.ts';
import { useSite, useStaffMembers } from '../shared/catalogue-data.ts';
import { admin, errorMessage } from '../shared/dashboard-client.ts';

const s = t.dashboard.services;
type ServiceType = 'APPOINTMENT' | 'CLASS' | 'COURSE';
type RateType = 'FIXED' | 'VARIED' | 'CUSTOM' | 'NO_FEE';

interface Values {
  type: ServiceType;
  name: string;
  description: string;
  duration: number;
  capacity: number;
  rateType: RateType;
  price: number;
  deposit: number;
  minPrice: number;
  maxPrice: number;
  customPrice: string;
  online: boolean;
  inPerson: boolean;
  atBusiness: boolean;
  atCustomer: boolean;
  staffMemberIds: string[];
  formId: string | null;
  policyId: string | null;
  manualApproval: boolean;
  onlineBooking: boolean;
  hidden: boolean;
  slug: string;
}

function initialValues(service: WithDates<Service> | undefined): Values {
  const payment = service?.payment;
  const fixed = payment?.fixed;
  const varied = payment?.varied;
  return {
    type: (service?.type ?? 'APPOINTMENT') as ServiceType,
    name: service?.name ?? '',
    description: service?.description ?? '',
    duration: service?.schedule.availabilityConstraints?.durations?.[0]?.minutes ?? 60,
    capacity: service?.defaultCapacity ?? 1,
    rateType: (payment?.rateType ?? 'FIXED') as RateType,
    price: Number(fixed?.price?.value ?? varied?.defaultPrice?.value ?? 0),
    deposit: Number(fixed?.deposit?.value ?? varied?.deposit?.value ?? 0),
    minPrice: Number(varied?.minPrice?.value ?? 0),
    maxPrice: Number(varied?.maxPrice?.value ?? 0),
    customPrice: payment?.custom?.description ?? '',
    online: payment?.options?.online ?? false,
    inPerson: payment?.options?.inPerson ?? true,
    atBusiness: service ? service.locations.some((location) => location.type === 'BUSINESS') : true,
    atCustomer: service?.locations.some((location) => location.type === 'CUSTOMER') ?? false,
    staffMemberIds: service?.staffMemberIds ?? [],
    formId: service?.form?.id ?? null,
    policyId: service?.bookingPolicy?.id ?? null,
    manualApproval: service?.onlineBooking?.requireManualApproval ?? false,
    onlineBooking: service?.onlineBooking?.enabled ?? true,
    hidden: service?.hidden ?? false,
    slug: service?.mainSlug?.name ?? '',
  };
}

function toInput(values: Values, currency: string | undefined): ServiceInput {
  const money = (amount: number) => ({ value: amount.toFixed(2), ...(currency ? { currency } : {}) });
  const payment: ServiceInput['payment'] = {
    rateType: values.rateType,
    options: {
      online: values.online,
      inPerson: values.inPerson,
      deposit: values.deposit > 0,
    },
  };
  if (values.rateType === 'FIXED')
    payment.fixed = {
      price: money(values.price),
      ...(values.deposit > 0 ? { deposit: money(values.deposit) } : {}),
    };
  if (values.rateType === 'VARIED')
    payment.varied = {
      defaultPrice: money(values.price),
      minPrice: money(values.minPrice),
      maxPrice: money(values.maxPrice),
      ...(values.deposit > 0 ? { deposit: money(values.deposit) } : {}),
    };
  if (values.rateType === 'CUSTOM') payment.custom = { description: values.customPrice };
  const locations: NonNullable<ServiceInput['locations']> = [];
  if (values.atBusiness) locations.push({ type: 'BUSINESS' });
  if (values.atCustomer) locations.push({ type: 'CUSTOMER' });
  return {
    type: values.type,
    name: values.name.trim(),
    description: values.description || null,
    defaultCapacity: values.type === 'APPOINTMENT' ? 1 : values.capacity,
    payment,
    locations,
    staffMemberIds: values.staffMemberIds,
    form: values.formId ? { id: values.formId } : null,
    bookingPolicy: values.policyId ? { id: values.policyId } : null,
    onlineBooking: { enabled: values.onlineBooking, requireManualApproval: values.manualApproval },
    hidden: values.hidden,
    ...(values.type === 'APPOINTMENT'
      ? { schedule: { availabilityConstraints: { durations: [{ minutes: values.duration }] } } }
      : {}),
  };
}

/** Create or edit a service of any type: what it costs, who gives it, where, and how it is booked. */
export function ServiceEditor({
  service,
  opened,
  onClose,
}: {
  service: WithDates<Service> | undefined;
  opened: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const site = useSite();
  const staff = useStaffMembers();
  const form = useForm<Values>({
    initialValues: initialValues(service),
    validate: {
      name: (value) => (value.trim() ? null : s.nameRequired),
      duration: (value, values) => (values.type === 'APPOINTMENT' && value < 1 ? s.durationRequired : null),
      maxPrice: (value, values) =>
        values.rateType === 'VARIED' && value < values.minPrice ? s.maxBelowMin : null,
    },
  });
  const policies = useQuery({
    queryKey: ['dashboard', 'policies'],
    queryFn: async () => (await admin.bookings.queryBookingPolicies().limit(100).find()).items,
  });
  const forms = useQuery({
    queryKey: ['dashboard', 'booking-forms'],
    queryFn: async () => (await admin.bookings.queryServiceBookingForms()).bookingForms,
  });

  const [slug] = useDebouncedValue(form.values.slug.trim(), 300);
  const slugChanged = slug !== '' && slug !== (service?.mainSlug?.name ?? '');
  const slugCheck = useQuery({
    queryKey: ['dashboard', 'slug', slug, service?.id],
    enabled: slugChanged,
    queryFn: () => admin.bookings.validateSlug(slug, service?.id),
  });
  const slugError =
    slugChanged && slugCheck.data && !slugCheck.data.valid
      ? slugCheck.data.errors.map((code) => (s.slugErrors as Record<string, string>)[code] ?? code).join(', ')
      : undefined;

  const save = useMutation({
    mutationFn: async (values: Values) => {
      const input = toInput(values, site.data?.currency);
      const saved = service
        ? await admin.bookings.updateService(service.id, { ...input, revision: service.revision })
        : await admin.bookings.createService(input);
      if (values.slug.trim() && values.slug.trim() !== saved.mainSlug?.name)
        await admin.bookings.setCustomSlug(saved.id, values.slug.trim());
      return saved;
    },
    onSuccess: () => {
      notifications.show({ color: 'teal', message: service ? s.updated : s.created });
      void queryClient.invalidateQueries({ queryKey: ['dashboard', 'services'] });
      onClose();
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
  });

  const values = form.values;
  // Switches and checkboxes bound explicitly: the checked state always follows the form value.
  const toggle = (
    field:
      'online' | 'inPerson' | 'atBusiness' | 'atCustomer' | 'onlineBooking' | 'manualApproval' | 'hidden',
  ) => ({
    checked: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      form.setFieldValue(field, event.currentTarget.checked),
  });
  return (
    <Modal opened={opened} onClose={onClose} title={service ? s.editTitle : s.createTitle} size="lg">
      <form onSubmit={form.onSubmit((submitted) => save.mutate(submitted))} noValidate>
        <Stack gap="md">
          <SegmentedControl
            fullWidth
            disabled={Boolean(service)}
            data={[
              { value: 'APPOINTMENT', label: s.types.APPOINTMENT },
              { value: 'CLASS', label: s.types.CLASS },
              { value: 'COURSE', label: s.types.COURSE },
            ]}
            {...form.getInputProps('type')}
          />
          <TextInput label={s.name} required {...form.getInputProps('name')} />
          <Textarea label={s.descriptionField} autosize minRows={2} {...form.getInputProps('description')} />
          <Group grow>
            {values.type === 'APPOINTMENT' ? (
              <NumberInput
                label={s.duration}
                min={5}
                max={1440}
                step={5}
                suffix=" min"
                {...form.getInputProps('duration')}
              />
            ) : (
              <NumberInput label={s.capacity} min={1} max={1000} {...form.getInputProps('capacity')} />
            )}
            <TextInput
              label={s.slug}
              description={s.slugHint}
              error={slugError}
              rightSection={slugChanged && slugCheck.data?.valid ? <Text c="teal">✓</Text> : null}
              {...form.getInputProps('slug')}
            />
          </Group>

          <Divider label={s.pricing} labelPosition="left" />
          <Select
            label={s.rateType}
            allowDeselect={false}
            data={(['FIXED', 'VARIED', 'CUSTOM', 'NO_FEE'] as const).map((value) => ({
              value,
              label: s.rates[value],
            }))}
            {...form.getInputProps('rateType')}
          />
          {(values.rateType === 'FIXED' || values.rateType === 'VARIED') && (
            <Group grow>
              <NumberInput
                label={values.rateType === 'FIXED' ? s.price : s.defaultPrice}
                min={0}
                decimalScale={2}
                prefix={site.data?.currency ? `${site.data.currency} ` : ''}
                {...form.getInputProps('price')}
              />
              <NumberInput label={s.deposit} min={0} decimalScale={2} {...form.getInputProps('deposit')} />
            </Group>
          )}
          {values.rateType === 'VARIED' && (
            <Group grow>
              <NumberInput label={s.minPrice} min={0} decimalScale={2} {...form.getInputProps('minPrice')} />
              <NumberInput label={s.maxPrice} min={0} decimalScale={2} {...form.getInputProps('maxPrice')} />
            </Group>
          )}
          {values.rateType === 'CUSTOM' && (
            <TextInput
              label={s.customPrice}
              placeholder={s.customPricePlaceholder}
              {...form.getInputProps('customPrice')}
            />
          )}
          {values.rateType !== 'NO_FEE' && (
            <Group>
              <Checkbox label={s.payOnline} {...toggle('online')} />
              <Checkbox label={s.payInPerson} {...toggle('inPerson')} />
            </Group>
          )}

          <Divider label={s.where} labelPosition="left" />
          <Group>
            <Checkbox label={s.atBusiness} {...toggle('atBusiness')} />
            <Checkbox label={s.atCustomer} {...toggle('atCustomer')} />
          </Group>
          <MultiSelect
            label={s.staff}
            placeholder={s.staffPlaceholder}
            data={(staff.data ?? []).map((member) => ({ value: member.id, label: member.name }))}
            searchable
            {...form.getInputProps('staffMemberIds')}
          />

          <Divider label={s.booking} labelPosition="left" />
          <Group grow>
            <Select
              label={s.policy}
              placeholder={s.defaultPolicy}
              clearable
              data={(policies.data ?? []).map((policy) => ({
                value: policy.id,
                label: policy.name ?? policy.id,
              }))}
              {...form.getInputProps('policyId')}
            />
            <Select
              label={s.form}
              placeholder={s.defaultForm}
              clearable
              data={(forms.data ?? []).map((entry) => ({
                value: entry.formDetails.formId,
                label: entry.formDetails.name ?? entry.formDetails.formId,
              }))}
              {...form.getInputProps('formId')}
            />
          </Group>
          <Switch label={s.onlineBooking} {...toggle('onlineBooking')} />
          <Switch label={s.manualApproval} {...toggle('manualApproval')} />
          <Switch label={s.hidden} {...toggle('hidden')} />

          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t.dashboard.common.cancel}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={Boolean(slugError)}>
              {service ? t.dashboard.common.save : s.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
