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
  Tabs,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconCalendarRepeat,
  IconAdjustments,
  IconPhoto,
  IconPuzzle,
  IconListDetails,
} from '@tabler/icons-react';
import { useState, type ChangeEvent } from 'react';
import { t } from './strings.ts';
import { t as shared } from '../shared/strings.ts';
import { AddOnGroupsPanel } from './add-on-groups-panel.tsx';
import {
  useAllCategories,
  useAllResourceTypes,
  useBookingPolicies,
  useSite,
  useStaffMembers,
} from '../shared/api/catalogue.ts';
import { MediaPanel } from './media-panel.tsx';
import { OptionsPanel } from './options-panel.tsx';
import { SchedulePanel } from './schedule-panel.tsx';
import { useBookingForms, useSaveService, useService, useSlugCheck } from './api/services.ts';
import { priceTooHigh } from '../shared/price-limit.ts';

const s = t.services;
const c = t.serviceEditor;
type ServiceType = 'APPOINTMENT' | 'CLASS' | 'COURSE';
type RateType = 'FIXED' | 'VARIED' | 'CUSTOM' | 'NO_FEE';

interface Values {
  type: ServiceType;
  name: string;
  description: string;
  duration: number;
  bufferBefore: number;
  bufferAfter: number;
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
  categoryId: string | null;
  resourceTypeIds: string[];
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
    bufferBefore: service?.schedule.availabilityConstraints?.timeBeforeSessions ?? 0,
    bufferAfter: service?.schedule.availabilityConstraints?.timeBetweenSessions ?? 0,
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
    categoryId: service?.category?.id ?? null,
    resourceTypeIds: (service?.serviceResources ?? []).map((entry) => entry.resourceType.id),
  };
}

function toInput(
  values: Values,
  currency: string | undefined,
  existing: WithDates<Service> | undefined,
): ServiceInput {
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
    category: values.categoryId ? { id: values.categoryId } : null,
    // A type kept from before keeps its chosen resources.
    serviceResources: values.resourceTypeIds.map(
      (id) =>
        existing?.serviceResources?.find((entry) => entry.resourceType.id === id) ?? { resourceType: { id } },
    ),
    ...(values.type === 'APPOINTMENT'
      ? {
          schedule: {
            availabilityConstraints: {
              durations: [{ minutes: values.duration }],
              timeBeforeSessions: values.bufferBefore,
              timeBetweenSessions: values.bufferAfter,
            },
          },
        }
      : {}),
  };
}

/** The service's main fields: what it costs, who gives it, where, what it needs and how it is booked. */
function DetailsForm({
  service,
  onSaved,
  onClose,
}: {
  service: WithDates<Service> | undefined;
  onSaved: (saved: WithDates<Service>) => void;
  onClose: () => void;
}) {
  const site = useSite();
  const staff = useStaffMembers();
  const categories = useAllCategories();
  const resourceTypes = useAllResourceTypes();
  const form = useForm<Values>({
    initialValues: initialValues(service),
    validate: {
      name: (value) => (value.trim() ? null : s.nameRequired),
      duration: (value, values) => (values.type === 'APPOINTMENT' && value < 1 ? s.durationRequired : null),
      price: priceTooHigh,
      deposit: priceTooHigh,
      minPrice: priceTooHigh,
      maxPrice: (value, values) =>
        priceTooHigh(value) ??
        (values.rateType === 'VARIED' && value < values.minPrice ? s.maxBelowMin : null),
    },
  });
  const policies = useBookingPolicies();
  const forms = useBookingForms();

  const [slug] = useDebouncedValue(form.values.slug.trim(), 300);
  const slugChanged = slug !== '' && slug !== (service?.mainSlug?.name ?? '');
  const slugCheck = useSlugCheck(slug, service?.id, slugChanged);
  const slugError =
    slugChanged && slugCheck.data && !slugCheck.data.valid
      ? slugCheck.data.errors.map((code) => (s.slugErrors as Record<string, string>)[code] ?? code).join(', ')
      : undefined;

  const save = useSaveService({
    onSuccess: (saved) => {
      notifications.show({ color: 'teal', message: service ? s.updated : c.createdNext });
      onSaved(saved);
      if (service) onClose();
    },
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
    <form
      onSubmit={form.onSubmit((submitted) =>
        save.mutate({
          service,
          input: toInput(submitted, site.data?.currency, service),
          slug: submitted.slug.trim(),
        }),
      )}
      noValidate
    >
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
        <Group grow align="flex-start">
          <TextInput label={s.name} required {...form.getInputProps('name')} />
          <Select
            label={c.category}
            placeholder={c.noCategory}
            clearable
            data={(categories.data ?? []).map((category) => ({ value: category.id, label: category.name }))}
            {...form.getInputProps('categoryId')}
          />
        </Group>
        <Textarea label={s.descriptionField} autosize minRows={2} {...form.getInputProps('description')} />
        <Group grow align="flex-start">
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
          {values.type === 'APPOINTMENT' ? (
            <NumberInput
              label={s.bufferBefore}
              min={0}
              max={1440}
              step={5}
              suffix=" min"
              {...form.getInputProps('bufferBefore')}
            />
          ) : null}
          {values.type === 'APPOINTMENT' ? (
            <NumberInput
              label={s.bufferAfter}
              min={0}
              max={1440}
              step={5}
              suffix=" min"
              {...form.getInputProps('bufferAfter')}
            />
          ) : null}
        </Group>
        <Group grow align="flex-start">
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
        <Group grow align="flex-start">
          <MultiSelect
            label={s.staff}
            placeholder={s.staffPlaceholder}
            data={(staff.data ?? []).map((member) => ({ value: member.id, label: member.name }))}
            searchable
            {...form.getInputProps('staffMemberIds')}
          />
          <MultiSelect
            label={c.resources}
            description={c.resourcesHint}
            placeholder={c.resourcesPlaceholder}
            data={(resourceTypes.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
            searchable
            {...form.getInputProps('resourceTypeIds')}
          />
        </Group>

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
            {shared.common.cancel}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={Boolean(slugError)}>
            {service ? shared.common.save : s.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type Tab = 'details' | 'media' | 'options' | 'add-ons' | 'schedule';

/**
 * Create or edit a service of any type. A new service starts on its details; once created, the other
 * tabs (images, options and prices, add-ons, and the timetable of a class or course) open on it.
 */
export function ServiceEditor({
  service: initial,
  opened,
  onClose,
}: {
  service: WithDates<Service> | undefined;
  opened: boolean;
  onClose: () => void;
}) {
  const [created, setCreated] = useState<WithDates<Service>>();
  const [tab, setTab] = useState<Tab>('details');
  const id = initial?.id ?? created?.id;
  // The tabs change the service (media, add-on groups), so the editor reads it fresh after each change.
  const current = useService(id, initial ?? created);
  const service = id ? (current.data ?? initial ?? created) : undefined;
  const scheduled = service && service.type !== 'APPOINTMENT';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={service ? service.name : s.createTitle}
      size={tab === 'details' ? 'xl' : 1000}
    >
      <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="details" leftSection={<IconListDetails size={16} />}>
            {c.tabs.details}
          </Tabs.Tab>
          <Tabs.Tab value="media" leftSection={<IconPhoto size={16} />} disabled={!service}>
            {c.tabs.media}
          </Tabs.Tab>
          <Tabs.Tab value="options" leftSection={<IconAdjustments size={16} />} disabled={!service}>
            {c.tabs.options}
          </Tabs.Tab>
          <Tabs.Tab value="add-ons" leftSection={<IconPuzzle size={16} />} disabled={!service}>
            {c.tabs.addOns}
          </Tabs.Tab>
          {scheduled && (
            <Tabs.Tab value="schedule" leftSection={<IconCalendarRepeat size={16} />}>
              {c.tabs.schedule}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="details">
          <DetailsForm
            key={service?.revision ?? 'new'}
            service={service}
            onClose={onClose}
            onSaved={(saved) => {
              if (!initial && !created) {
                setCreated(saved);
                setTab(saved.type === 'APPOINTMENT' ? 'media' : 'schedule');
              }
            }}
          />
        </Tabs.Panel>
        {service && (
          <>
            <Tabs.Panel value="media">
              <MediaPanel key={service.revision} service={service} />
            </Tabs.Panel>
            <Tabs.Panel value="options">
              <OptionsPanel service={service} />
            </Tabs.Panel>
            <Tabs.Panel value="add-ons">
              <AddOnGroupsPanel serviceId={service.id} />
            </Tabs.Panel>
            {scheduled && (
              <Tabs.Panel value="schedule">
                <SchedulePanel service={service} />
              </Tabs.Panel>
            )}
          </>
        )}
      </Tabs>
    </Modal>
  );
}
