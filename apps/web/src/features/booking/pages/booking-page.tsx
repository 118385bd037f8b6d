import type { Booking, ServiceChoice } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Card,
  Container,
  Divider,
  Grid,
  Group,
  NumberInput,
  Radio,
  Skeleton,
  Stack,
  Stepper,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconBuildingStore, IconCreditCard } from '@tabler/icons-react';
import { useMediaQuery, useSessionStorage } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth-context.tsx';
import { t } from '../strings.ts';
import { t as shell } from '../../../i18n/strings.ts';
import { useService, useStaff, type SiteService } from '../../../lib/site-services.ts';
import { durationOf, formatPrice, initialsOf, priceLabel } from '../../../lib/service-format.ts';
import { useAddressSlot, useRefreshAvailability, type PickableSlot } from '../api/availability-queries.ts';
import { usePayBookingOnline } from '../api/booking-cart.ts';
import { bookedKey, useBookedBooking, useCreateBooking } from '../api/create-booking.ts';
import { useBookingForm, useOptionsAndVariants, usePrice } from '../api/booking-queries.ts';
import { AppointmentPicker } from '../components/appointment-picker.tsx';
import { Confirmation } from '../components/confirmation.tsx';
import {
  ContactFields,
  validateContact,
  type ContactErrors,
  type ContactValues,
} from '../components/contact-fields.tsx';
import { SessionList } from '../components/session-list.tsx';
import { CourseStep } from '../components/course-step.tsx';
import { TimeZoneSelect } from '../components/time-zone-select.tsx';
import { explainBookingError, type BookingProblem } from '../lib/booking-errors.ts';
import { defaultPaymentChoice, paymentChoicesOf, policyLines, type PaymentChoice } from '../lib/policy.ts';
import { dayKey, formatTime, formatWhen, useTimeZone } from '../lib/time.ts';
import { readFlowAddress, writeFlowAddress, type FlowAddress, type StepId } from '../lib/flow-address.ts';
import classes from '../components/booking.module.css';

function stepsOf(service: SiteService): StepId[] {
  return service.type === 'APPOINTMENT'
    ? ['choose', 'time', 'details', 'review']
    : ['time', 'details', 'review'];
}

/** Puts the cursor in the first input marked invalid, once React has drawn the marks. */
function focusFirstInvalid() {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('input[aria-invalid="true"], textarea[aria-invalid="true"]')?.focus();
  });
}

function locationOf(service: SiteService): string | undefined {
  const location = service.locations[0];
  if (!location) return undefined;
  return (
    location.business?.address?.formattedAddress ??
    location.custom?.address?.formattedAddress ??
    location.business?.name ??
    shell.common.locations[location.type]
  );
}

/** The choosable options of a service (custom choices, durations), from its variants. */
function OptionsPicker({
  serviceId,
  value,
  onChange,
}: {
  serviceId: string;
  value: Record<string, ServiceChoice>;
  onChange: (value: Record<string, ServiceChoice>) => void;
}) {
  const options = useOptionsAndVariants(serviceId);
  const data = options.data;
  if (!data) return null;
  return (
    <>
      {data.options.values
        .filter((option) => option.type !== 'STAFF_MEMBER')
        .map((option) => {
          const choices = data.variants.values
            .flatMap((variant) => variant.choices.map((choice) => ({ choice, price: variant.price })))
            .filter(({ choice }) => choice.optionId === option.id);
          const unique = [...new Map(choices.map((entry) => [JSON.stringify(entry.choice), entry])).values()];
          const label =
            option.type === 'DURATION'
              ? (option.durationData?.name ?? t.booking.durationOption)
              : option.customData?.name;
          return (
            <Radio.Group
              key={option.id}
              label={label}
              value={value[option.id] ? JSON.stringify(value[option.id]) : null}
              onChange={(next) => onChange({ ...value, [option.id]: JSON.parse(next) as ServiceChoice })}
            >
              <Stack gap="xs" mt="xs">
                {unique.map(({ choice, price }) => (
                  <Radio
                    key={JSON.stringify(choice)}
                    value={JSON.stringify(choice)}
                    label={`${choice.custom ?? (choice.duration ? shell.common.minutes(choice.duration.minutes) : '')} · ${formatPrice(price.value, price.currency)}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
          );
        })}
    </>
  );
}

function StaffPicker({
  service,
  value,
  onChange,
}: {
  service: SiteService;
  value: string | null;
  onChange: (staffId: string | null) => void;
}) {
  const staff = useStaff();
  const people = (staff.data ?? []).filter((person) => service.staffMemberIds.includes(person.id));
  return (
    <Radio.Group
      label={t.booking.staffLabel}
      value={value ?? 'any'}
      onChange={(next) => onChange(next === 'any' ? null : next)}
    >
      <Stack gap="xs" mt="xs">
        <Radio.Card value="any" p="md" radius="md" data-testid="staff-any">
          <Group wrap="nowrap">
            <Radio.Indicator />
            <Stack gap={0}>
              <Text fw={600}>{t.booking.anyStaff}</Text>
              <Text size="sm" c="dimmed">
                {t.booking.anyStaffHint}
              </Text>
            </Stack>
          </Group>
        </Radio.Card>
        {people.map((person) => (
          <Radio.Card key={person.id} value={person.id} p="md" radius="md">
            <Group wrap="nowrap">
              <Radio.Indicator />
              <Avatar radius="xl" color="brand">
                {initialsOf(person.name)}
              </Avatar>
              <Stack gap={0}>
                <Text fw={600}>{person.name}</Text>
                {person.description ? (
                  <Text size="sm" c="dimmed">
                    {person.description}
                  </Text>
                ) : null}
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** Pay online now (the booking goes to the checkout with the cart) or at the studio. */
function PaymentChoicePicker({
  value,
  onChange,
}: {
  value: PaymentChoice | undefined;
  onChange: (choice: PaymentChoice) => void;
}) {
  const options = [
    {
      value: 'ONLINE' as const,
      icon: IconCreditCard,
      title: t.booking.payOnline,
      hint: t.booking.payOnlineHint,
    },
    {
      value: 'OFFLINE' as const,
      icon: IconBuildingStore,
      title: t.booking.payAtStudio,
      hint: t.booking.payAtStudioHint,
    },
  ];
  return (
    <Card p="lg">
      <Radio.Group
        label={t.booking.payTitle}
        value={value ?? null}
        onChange={(next) => onChange(next as PaymentChoice)}
      >
        <Stack gap="sm" mt="xs">
          {options.map((option) => (
            <Radio.Card key={option.value} value={option.value} p="md" radius="md" aria-label={option.title}>
              <Group wrap="nowrap" align="flex-start">
                <Radio.Indicator />
                <option.icon size={20} aria-hidden />
                <Stack gap={2}>
                  <Text fw={600}>{option.title}</Text>
                  <Text size="sm" c="dimmed">
                    {option.hint}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
    </Card>
  );
}

/** The booking flow of one service: options and staff, time, details, review and confirm. */
export function BookingPage() {
  const { serviceId = '' } = useParams();
  const query = useService(serviceId);
  if (query.isError) {
    return (
      <Container size="sm" py={64}>
        <Alert color="red" title={shell.errors.notFoundTitle}>
          {t.booking.serviceNotFound}
        </Alert>
      </Container>
    );
  }
  if (!query.data) {
    return (
      <Container size="lg" py="xl">
        <Skeleton h={48} w="50%" />
        <Skeleton h={360} mt="lg" />
      </Container>
    );
  }
  return <BookingFlow service={query.data} />;
}

function BookingFlow({ service }: { service: SiteService }) {
  const auth = useAuth();
  const [timeZone, setTimeZone] = useTimeZone();
  const steps = stepsOf(service);
  // Step, staff member, day and time live in the address (Back, Forward and reload keep them); a step
  // is a history entry, a pick within a step replaces the current one.
  const [params, setParams] = useSearchParams();
  const address = readFlowAddress(params);
  const move = (change: FlowAddress, replace = false) =>
    setParams((current) => writeFlowAddress(current, { ...readFlowAddress(current), ...change }), {
      replace,
    });
  const active = Math.max(0, steps.indexOf(address.step ?? steps[0]!));
  const narrow = useMediaQuery('(max-width: 40em)');
  const staffId = address.staff ?? null;
  const [choices, setChoices] = useState<Record<string, ServiceChoice>>({});
  const [picked, setPicked] = useState<PickableSlot | null>(null);
  const [participants, setParticipants] = useState(1);
  // What the visitor typed survives a reload of the page (this tab only), and goes once they have booked.
  const [contact, setContact, clearContact] = useSessionStorage<ContactValues>({
    key: `atrium.booking.contact.${service.id}`,
    defaultValue: { firstName: '', lastName: '', email: '', phone: '' },
    getInitialValueInEffect: false,
  });
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<ContactErrors>({});
  const [problem, setProblem] = useState<BookingProblem | null>(null);
  // Stays on through the fresh free times a refused booking fetches, not just the booking call.
  const [submitting, setSubmitting] = useState(false);
  const createBooking = useCreateBooking();
  const payOnline = usePayBookingOnline();
  const navigate = useNavigate();
  const paymentChoices = paymentChoicesOf(service);
  const [payment, setPayment] = useState<PaymentChoice | undefined>(() => defaultPaymentChoice(service));
  const refreshAvailability = useRefreshAvailability();
  const queryClient = useQueryClient();
  const booked = useBookedBooking(address.booking);
  const form = useBookingForm(service.form?.id);
  const staff = useStaff();
  const choiceList = useMemo(() => Object.values(choices), [choices]);
  const step = steps[active]!;
  const price = usePrice(service.id, participants, choiceList, step === 'review');
  const heading = useRef<HTMLHeadingElement>(null);
  const waitlist = Boolean(service.bookingPolicy?.waitlistPolicy?.enabled);
  const fromAddress = useAddressSlot(service, address, timeZone, staffId, waitlist);
  const slot =
    picked && address.start === picked.start.toISOString() ? picked : address.start ? fromAddress.slot : null;
  const chooseSlot = (next: PickableSlot | null) => {
    setPicked(next);
    move(
      {
        start: next?.start.toISOString(),
        session: next?.sessionId,
        event: next?.eventId,
        day: next ? dayKey(next.start, timeZone) : address.day,
      },
      true,
    );
  };
  const maxParticipants = service.bookingPolicy?.participantsPolicy?.maxParticipantsPerBooking ?? 1;
  const guest = auth.status !== 'member';

  // Prefill a member's details once known; a visitor types their own.
  const member = auth.member;
  useEffect(() => {
    if (!member) return;
    setContact((current) => ({
      firstName: current.firstName || member.contact.firstName || '',
      lastName: current.lastName || member.contact.lastName || '',
      email: current.email || member.loginEmail,
      phone: current.phone || member.contact.phones?.[0] || '',
    }));
  }, [member]);

  // Moving between steps puts focus on the step's heading, so keyboard and screen-reader users follow.
  useEffect(() => {
    heading.current?.focus();
  }, [active]);

  const goTo = (id: StepId) => move({ step: id });
  const stepIndex = (id: StepId) => steps.indexOf(id);

  // An address past the time step needs its time (gone after a reload when it was taken meanwhile) and,
  // for the review, the visitor's details: without them the visitor is brought back to where they are asked.
  const needsTime = service.type !== 'COURSE' && active > stepIndex('time');
  // Back from the confirmation is a flow again, ready to book.
  useEffect(() => {
    if (!address.booking) setSubmitting(false);
  }, [address.booking]);
  // Not while booking: the time just taken is, of course, no longer free.
  const timeGone = needsTime && !submitting && (address.start ? fromAddress.missing : true);
  useEffect(() => {
    if (!timeGone || address.booking) return;
    // A refused booking has already said why; this is for a time that went while the visitor was away.
    if (address.start) {
      setProblem(
        (current) =>
          current ?? { kind: 'slot-taken', title: t.booking.timeGoneTitle, message: t.booking.timeGone },
      );
    }
    move({ step: 'time', start: undefined, session: undefined, event: undefined }, true);
    // Runs when the time turns out to be gone, not on every render.
  }, [timeGone]);
  const detailsMissing =
    step === 'review' && !submitting && Object.keys(validateContact(contact, form.data, answers)).length > 0;
  useEffect(() => {
    if (detailsMissing && !form.isPending) move({ step: 'details' }, true);
    // Runs when the review turns out to lack the details.
  }, [detailsMissing, form.isPending]);
  const full = slot !== null && slot.openSpots <= 0 && service.type === 'CLASS';
  const canContinue =
    step === 'choose' ? true : step === 'time' ? service.type === 'COURSE' || slot !== null : true;

  const next = () => {
    if (step === 'details') {
      const found = validateContact(contact, form.data, answers);
      setErrors(found);
      if (Object.keys(found).length > 0) {
        focusFirstInvalid();
        return;
      }
    }
    setProblem(null);
    goTo(steps[Math.min(active + 1, steps.length - 1)]!);
  };

  const confirm = async () => {
    setSubmitting(true);
    setProblem(null);
    const contactDetails = {
      firstName: contact.firstName.trim(),
      ...(contact.lastName.trim() ? { lastName: contact.lastName.trim() } : {}),
      email: contact.email.trim(),
      ...(contact.phone.trim() ? { phone: contact.phone.trim() } : {}),
      timeZone,
    };
    const bookedEntity =
      service.type === 'COURSE'
        ? { schedule: { serviceId: service.id, scheduleId: service.schedule.id } }
        : {
            slot: {
              serviceId: service.id,
              startDate: slot!.start,
              ...(service.type === 'APPOINTMENT' && staffId ? { resource: { id: staffId } } : {}),
              ...(slot!.sessionId ? { sessionId: slot!.sessionId } : {}),
              ...(slot!.eventId ? { eventId: slot!.eventId } : {}),
            },
          };
    let booking: WithDates<Booking>;
    try {
      booking = await createBooking.mutateAsync({
        booking: {
          bookedEntity,
          contactDetails,
          totalParticipants: participants,
          ...(choiceList.length
            ? {
                participantsChoices: {
                  serviceChoices: [{ numberOfParticipants: participants, choices: choiceList }],
                },
              }
            : {}),
          ...(payment ? { selectedPaymentOption: payment } : {}),
          platform: 'WEB',
        },
        options: Object.keys(answers).length
          ? { formSubmission: answers as Record<string, string | boolean> }
          : {},
      });
    } catch (error) {
      const explained = explainBookingError(error);
      setProblem(explained);
      if (explained.kind === 'slot-taken') {
        // The time is gone: show the same day's fresh times and ask for another one.
        setPicked(null);
        await refreshAvailability();
        move({
          step: 'time',
          start: undefined,
          session: undefined,
          event: undefined,
          day: slot ? dayKey(slot.start, timeZone) : address.day,
        });
      } else if (explained.kind === 'details') {
        setErrors(explained.fields ?? {});
        goTo('details');
        focusFirstInvalid();
      }
      setSubmitting(false);
      return;
    }
    // Made waiting for its payment (not waitlisted, not free): it is paid at the checkout, with the cart.
    if (payment === 'ONLINE' && booking.status === 'CREATED') {
      try {
        const checkoutId = await payOnline.mutateAsync({
          bookingId: booking.id,
          email: contactDetails.email,
        });
        void navigate(`/checkout/${encodeURIComponent(checkoutId)}`);
      } catch {
        setProblem({
          kind: 'other',
          title: t.booking.payOnlineFailedTitle,
          message: t.booking.payOnlineFailed,
        });
        setSubmitting(false);
      }
      return;
    }
    queryClient.setQueryData(bookedKey(booking.id), booking);
    clearContact();
    // The confirmation replaces the flow in the history: Back does not offer to book the same time again.
    // `submitting` stays on: the confirmation replaces the flow, which must not react to its time going.
    setParams(writeFlowAddress(new URLSearchParams(), { booking: booking.id }), { replace: true });
  };

  if (address.booking) {
    if (booked.isPending) return <Skeleton h={360} m="xl" />;
    if (!booked.data) {
      return (
        <Container size="sm" py={64}>
          <Alert color="red" title={shell.errors.notFoundTitle}>
            {t.booking.bookedNotFound}
          </Alert>
        </Container>
      );
    }
    return (
      <Container size="lg" py="xl">
        <Confirmation
          bookings={[booked.data]}
          title={() => service.name}
          location={locationOf(service)}
          timeZone={timeZone}
          guest={guest}
        />
      </Container>
    );
  }

  const minutes = durationOf(service);
  const staffName = (id: string | null) =>
    id ? (staff.data?.find((person) => person.id === id)?.name ?? '') : '';

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Anchor component={Link} to={`/services/${service.id}`} size="sm" c="dimmed">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {service.name}
        </Group>
      </Anchor>
      <Title order={1} fz={{ base: 26, sm: 32 }} mt="sm" mb="lg">
        {service.name}
      </Title>
      <Grid gap={{ base: 'lg', md: 40 }}>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {/* One row: a step wrapped under the others reads as a second flow. On a phone the row holds the
              steps' numbers only (named for screen readers), or it would be wider than the screen; the
              heading under it names the step. */}
          <Stepper
            active={active}
            onStepClick={(index) => index < active && goTo(steps[index]!)}
            size="sm"
            mb="xl"
            wrap={false}
            styles={{ stepLabel: { whiteSpace: 'nowrap' } }}
          >
            {steps.map((id, index) => (
              <Stepper.Step
                key={id}
                label={narrow ? undefined : t.booking.steps[id]}
                // The name holds the number it shows, so what is seen is part of what is read.
                aria-label={narrow ? `${index + 1} ${t.booking.steps[id]}` : undefined}
              />
            ))}
          </Stepper>
          <Stack gap="lg">
            <Title order={2} fz="xl" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
              {step === 'choose'
                ? t.booking.chooseTitle
                : step === 'time'
                  ? t.booking.steps.time
                  : step === 'details'
                    ? t.booking.detailsTitle
                    : t.booking.reviewTitle}
            </Title>
            {problem ? (
              <Alert
                color={problem.kind === 'slot-taken' ? 'orange' : 'red'}
                title={problem.title}
                icon={<IconAlertTriangle size={18} />}
                role="alert"
                data-testid="booking-problem"
                withCloseButton
                onClose={() => setProblem(null)}
              >
                {problem.message}
              </Alert>
            ) : null}

            {step === 'choose' ? (
              <Stack gap="lg">
                <OptionsPicker serviceId={service.id} value={choices} onChange={setChoices} />
                <StaffPicker
                  service={service}
                  value={staffId}
                  onChange={(next) => {
                    setPicked(null);
                    move(
                      { staff: next ?? undefined, start: undefined, session: undefined, event: undefined },
                      true,
                    );
                  }}
                />
              </Stack>
            ) : null}

            {step === 'time' ? (
              <Stack gap="lg">
                {service.type !== 'COURSE' ? (
                  <TimeZoneSelect value={timeZone} onChange={setTimeZone} />
                ) : null}
                {service.type === 'APPOINTMENT' ? (
                  <AppointmentPicker
                    serviceId={service.id}
                    staffId={staffId}
                    timeZone={timeZone}
                    value={slot}
                    onChange={chooseSlot}
                    initialDay={address.day ?? null}
                  />
                ) : service.type === 'CLASS' ? (
                  <>
                    <SessionList
                      serviceId={service.id}
                      timeZone={timeZone}
                      value={slot}
                      onChange={chooseSlot}
                      waitlist={waitlist}
                    />
                    {full ? <Alert color="orange">{t.booking.waitlistNote}</Alert> : null}
                  </>
                ) : (
                  <CourseStep service={service} timeZone={timeZone} />
                )}
                {service.type !== 'APPOINTMENT' && maxParticipants > 1 ? (
                  <NumberInput
                    label={t.booking.participants}
                    min={1}
                    max={maxParticipants}
                    value={participants}
                    onChange={(value) =>
                      setParticipants(Math.max(1, Math.min(maxParticipants, Number(value) || 1)))
                    }
                    maw={200}
                  />
                ) : null}
              </Stack>
            ) : null}

            {step === 'details' ? (
              <Stack gap="md">
                {guest ? (
                  <Text size="sm" c="dimmed">
                    {t.booking.signInHint}{' '}
                    <Anchor
                      component={Link}
                      to={`/account/login?returnTo=${encodeURIComponent(`/services/${service.id}/book`)}`}
                    >
                      {t.booking.signInLink}
                    </Anchor>
                  </Text>
                ) : null}
                <ContactFields
                  values={contact}
                  onChange={setContact}
                  errors={errors}
                  form={form.data}
                  answers={answers}
                  onAnswer={(name, value) => setAnswers((current) => ({ ...current, [name]: value }))}
                />
              </Stack>
            ) : null}

            {step === 'review' ? (
              <Stack gap="md">
                <Card p="lg">
                  <Stack gap="sm">
                    <Group justify="space-between" align="flex-start">
                      <Text c="dimmed">{t.booking.when}</Text>
                      <Text fw={600} ta="right" data-testid="review-when">
                        {slot ? formatWhen(slot.start, timeZone) : t.booking.courseNote}
                      </Text>
                    </Group>
                    {service.type === 'APPOINTMENT' ? (
                      <Group justify="space-between">
                        <Text c="dimmed">{t.booking.staff}</Text>
                        <Text fw={600}>{staffName(staffId) || t.booking.anyoneAvailable}</Text>
                      </Group>
                    ) : null}
                    <Group justify="space-between">
                      <Text c="dimmed">{t.booking.detailsTitle}</Text>
                      <Text fw={600} ta="right">
                        {[contact.firstName, contact.lastName].filter(Boolean).join(' ')} · {contact.email}
                      </Text>
                    </Group>
                    <Divider />
                    <Group justify="space-between">
                      <Text fw={700}>{t.booking.total}</Text>
                      <Text fw={800} fz="lg" data-testid="review-price">
                        {price.data?.calculatedPrice !== undefined
                          ? formatPrice(String(price.data.calculatedPrice), price.data.currency)
                          : priceLabel(service)}
                      </Text>
                    </Group>
                    {paymentChoices.length === 1 && !full ? (
                      <Text size="sm" c="dimmed" ta="right" data-testid="review-payment">
                        {payment === 'ONLINE' ? t.booking.paidOnline : t.booking.payAtStudio}
                      </Text>
                    ) : null}
                  </Stack>
                </Card>
                {paymentChoices.length > 1 && !full ? (
                  <PaymentChoicePicker value={payment} onChange={setPayment} />
                ) : null}
                <Card p="lg">
                  <Stack gap={6}>
                    <Text fw={700}>{t.booking.policyTitle}</Text>
                    {policyLines(service, guest).map((line) => (
                      <Text key={line} size="sm" c="dimmed">
                        {line}
                      </Text>
                    ))}
                  </Stack>
                </Card>
              </Stack>
            ) : null}

            <Group justify="space-between" mt="md">
              {active > 0 ? (
                <Button variant="default" onClick={() => goTo(steps[active - 1]!)}>
                  {t.booking.back}
                </Button>
              ) : (
                <span />
              )}
              {step === 'review' ? (
                <Button
                  size="md"
                  onClick={() => void confirm()}
                  loading={submitting}
                  data-testid="confirm-booking"
                >
                  {full
                    ? t.booking.confirmWaitlist
                    : payment === 'ONLINE'
                      ? t.booking.continueToPayment
                      : t.booking.confirm}
                </Button>
              ) : (
                <Button onClick={next} disabled={!canContinue} data-testid="next-step">
                  {full && step === 'time' ? t.booking.joinWaitlist : t.booking.next}
                </Button>
              )}
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card p="lg" className={classes.summary}>
            <Stack gap="xs">
              <Text fw={700}>{service.name}</Text>
              <Text size="sm" c="dimmed">
                {shell.common.serviceTypes[service.type]}
                {minutes ? ` · ${shell.common.minutes(minutes)}` : ''}
              </Text>
              {slot ? (
                <Text size="sm" data-testid="summary-time">
                  {formatWhen(slot.start, timeZone)} – {formatTime(slot.end, timeZone)}
                </Text>
              ) : null}
              <Divider my="xs" />
              <Text fw={700}>{priceLabel(service)}</Text>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
