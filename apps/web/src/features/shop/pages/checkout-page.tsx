import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Collapse,
  Container,
  Grid,
  Group,
  Radio,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { catalogAppIds, type Checkout, type EcomLineItem } from '@atrium/sdk/modules/ecom';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconBuildingStore,
  IconCreditCard,
  IconInfoCircle,
  IconLock,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../../lib/auth-context.tsx';
import { t } from '../strings.ts';
import { usePlaceOrder, useCheckout } from '../api/checkout.ts';
import { AddressFields } from '../components/address-fields.tsx';
import { LineItem } from '../components/line-item.tsx';
import { PriceSummary } from '../components/price-summary.tsx';
import { explainCheckoutError, type CheckoutProblem } from '../lib/checkout-errors.ts';
import {
  cardOf,
  checkoutInfoOf,
  validateCheckout,
  type AddressValues,
  type CheckoutErrors,
  type CheckoutValues,
} from '../lib/checkout-form.ts';
import { browserCountry } from '../lib/countries.ts';
import classes from '../components/commerce.module.css';

const s = t.checkout;

function addressValues(address: Record<string, unknown> | undefined, fallbackCountry: string): AddressValues {
  const text = (key: string) => (typeof address?.[key] === 'string' ? (address[key] as string) : '');
  return {
    addressLine: text('addressLine'),
    addressLine2: text('addressLine2'),
    city: text('city'),
    postalCode: text('postalCode'),
    subdivision: text('subdivision'),
    country: text('country') || fallbackCountry,
  };
}

/** The form as the checkout and the signed-in member already know it. */
function initialValues(checkout: Checkout, member: ReturnType<typeof useAuth>['member']): CheckoutValues {
  const country = browserCountry();
  const contact =
    checkout.billingInfo?.contactDetails ?? checkout.shippingInfo?.shippingDestination?.contactDetails;
  return {
    email: checkout.buyerInfo.email ?? member?.loginEmail ?? '',
    firstName: contact?.firstName ?? member?.contact.firstName ?? '',
    lastName: contact?.lastName ?? member?.contact.lastName ?? '',
    phone: contact?.phone ?? '',
    shipping: addressValues(checkout.shippingInfo?.shippingDestination?.address, country),
    billingSameAsShipping: true,
    billing: addressValues(checkout.billingInfo?.address, country),
    note: checkout.buyerNote ?? '',
    payment: 'card',
    cardNumber: '',
    expiry: '',
    cvc: '',
  };
}

function LineProblem({ line }: { line: EcomLineItem }) {
  const { status, quantityAvailable } = line.availability;
  if (status === 'AVAILABLE') return null;
  return (
    <Text size="sm" c="red.7" fw={600}>
      {status === 'PARTIALLY_AVAILABLE'
        ? s.lineProblem.PARTIALLY_AVAILABLE(quantityAvailable ?? 0)
        : s.lineProblem[status]}
    </Text>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function CheckoutForm({ checkout }: { checkout: Checkout }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const [values, setValues] = useState(() => initialValues(checkout, auth.member));
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  const ships = checkout.lineItems.some((line) => line.physicalProperties?.shippable);
  // A booking waits for its online payment: an order paid in person would leave it unpaid until its
  // hold ran out, so bookings are paid by card.
  const hasBookings = checkout.lineItems.some(
    (line) => line.catalogReference.appId === catalogAppIds.bookings,
  );
  const set = <K extends keyof CheckoutValues>(key: K, value: CheckoutValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const text = (key: 'email' | 'firstName' | 'lastName' | 'phone' | 'cardNumber' | 'expiry' | 'cvc') => ({
    value: values[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(key, event.currentTarget.value),
    error: errors[key],
  });
  const blocked = checkout.lineItems.length === 0;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateCheckout(values, ships);
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) {
      setProblem({ message: s.fixErrors, area: 'form' });
      return;
    }
    const payment =
      values.payment === 'card'
        ? { kind: 'card' as const, card: cardOf(values) }
        : { kind: 'inPerson' as const };
    placeOrder.mutate(
      {
        checkoutId: checkout.id,
        details: checkoutInfoOf(values, ships),
        payment,
        ...(checkout.cartId ? { cartId: checkout.cartId } : {}),
      },
      {
        onSuccess: ({ orderId }) =>
          void navigate(
            `/orders/${encodeURIComponent(orderId)}/thank-you?checkout=${encodeURIComponent(checkout.id)}&payment=${values.payment}`,
            { replace: true },
          ),
        onError: (error) => setProblem(explainCheckoutError(error)),
      },
    );
  };

  const problemAlert = (area: CheckoutProblem['area']) =>
    problem?.area === area ? (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="checkout-problem">
        {problem.message}
      </Alert>
    ) : null;

  return (
    <form onSubmit={submit} noValidate>
      <Grid gap={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Section title={s.contact}>
              <Grid>
                <Grid.Col span={12}>
                  <TextInput label={s.email} type="email" autoComplete="email" required {...text('email')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput label={s.firstName} autoComplete="given-name" required {...text('firstName')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput label={s.lastName} autoComplete="family-name" required {...text('lastName')} />
                </Grid.Col>
                <Grid.Col span={12}>
                  <TextInput
                    label={s.phone}
                    description={s.optional}
                    type="tel"
                    autoComplete="tel"
                    {...text('phone')}
                  />
                </Grid.Col>
              </Grid>
            </Section>
            {ships ? (
              <Section title={s.shipping}>
                <AddressFields
                  kind="shipping"
                  value={values.shipping}
                  onChange={(address) => set('shipping', address)}
                  errors={errors}
                />
                <Checkbox
                  label={s.sameAsShipping}
                  checked={values.billingSameAsShipping}
                  onChange={(event) => set('billingSameAsShipping', event.currentTarget.checked)}
                />
                <Collapse expanded={!values.billingSameAsShipping}>
                  <Stack gap="sm" pt="xs">
                    <Title order={3} fz="md">
                      {s.billing}
                    </Title>
                    {!values.billingSameAsShipping ? (
                      <AddressFields
                        kind="billing"
                        value={values.billing}
                        onChange={(address) => set('billing', address)}
                        errors={errors}
                      />
                    ) : null}
                  </Stack>
                </Collapse>
              </Section>
            ) : null}
            <Section title={s.payment}>
              <Radio.Group
                value={values.payment}
                onChange={(value) => set('payment', value as CheckoutValues['payment'])}
                label={s.paymentMethod}
              >
                <Stack gap="sm" mt="xs">
                  <Radio.Card value="card" className={classes.payOption} aria-label={s.card}>
                    <Group wrap="nowrap" align="flex-start">
                      <Radio.Indicator />
                      <IconCreditCard size={20} aria-hidden />
                      <Stack gap={2}>
                        <Text fw={600}>{s.card}</Text>
                        <Text size="sm" c="dimmed">
                          {s.cardHint}
                        </Text>
                      </Stack>
                    </Group>
                  </Radio.Card>
                  {hasBookings ? null : (
                    <Radio.Card value="inPerson" className={classes.payOption} aria-label={s.inPerson}>
                      <Group wrap="nowrap" align="flex-start">
                        <Radio.Indicator />
                        <IconBuildingStore size={20} aria-hidden />
                        <Stack gap={2}>
                          <Text fw={600}>{s.inPerson}</Text>
                          <Text size="sm" c="dimmed">
                            {s.inPersonHint}
                          </Text>
                        </Stack>
                      </Group>
                    </Radio.Card>
                  )}
                </Stack>
              </Radio.Group>
              {hasBookings ? (
                <Text size="sm" c="dimmed" data-testid="bookings-paid-online">
                  {s.bookingsPaidOnline}
                </Text>
              ) : null}
              {values.payment === 'card' ? (
                <Stack gap="sm">
                  <Alert
                    color="blue"
                    variant="light"
                    icon={<IconInfoCircle size={18} />}
                    data-testid="test-cards"
                  >
                    {s.testCards}
                  </Alert>
                  <Grid>
                    <Grid.Col span={12}>
                      <TextInput
                        label={s.cardNumber}
                        inputMode="numeric"
                        autoComplete="cc-number"
                        placeholder="4242 4242 4242 4242"
                        required
                        leftSection={<IconCreditCard size={16} aria-hidden />}
                        {...text('cardNumber')}
                      />
                    </Grid.Col>
                    <Grid.Col span={6}>
                      <TextInput
                        label={s.expiry}
                        inputMode="numeric"
                        autoComplete="cc-exp"
                        placeholder="12/30"
                        required
                        {...text('expiry')}
                      />
                    </Grid.Col>
                    <Grid.Col span={6}>
                      <TextInput
                        label={s.cvc}
                        inputMode="numeric"
                        autoComplete="cc-csc"
                        placeholder="123"
                        required
                        {...text('cvc')}
                      />
                    </Grid.Col>
                  </Grid>
                </Stack>
              ) : null}
              {problemAlert('payment')}
            </Section>
            <Section title={s.note}>
              <Textarea
                aria-label={s.note}
                autosize
                minRows={2}
                maxLength={1000}
                value={values.note}
                onChange={(event) => set('note', event.currentTarget.value)}
              />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card
            p={{ base: 'md', sm: 'lg' }}
            className={classes.summary}
            component="section"
            aria-label={s.summary}
          >
            <Stack gap="md">
              <Title order={2} fz="lg">
                {s.summary}
              </Title>
              {problemAlert('items')}
              <Stack gap="md">
                {checkout.lineItems.map((line) => (
                  <LineItem
                    key={line.id}
                    name={line.productName.translated || line.productName.original}
                    image={line.image}
                    descriptionLines={line.descriptionLines}
                    scheduledDate={line.serviceProperties?.scheduledDate}
                    thumb={56}
                    below={
                      <>
                        <Text size="sm" c="dimmed">
                          ×{line.quantity}
                        </Text>
                        <LineProblem line={line} />
                      </>
                    }
                    aside={
                      <Text size="sm" fw={600}>
                        {line.price.formattedAmount}
                      </Text>
                    }
                  />
                ))}
              </Stack>
              <PriceSummary
                summary={{ ...checkout.priceSummary, ...(ships ? {} : { shipping: undefined }) }}
              />
              {problemAlert('form')}
              <Button
                type="submit"
                size="lg"
                fullWidth
                loading={placeOrder.isPending}
                disabled={blocked}
                leftSection={<IconLock size={18} />}
              >
                {s.placeOrder}
              </Button>
              <Text size="xs" c="dimmed" ta="center">
                {s.secure}
              </Text>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </form>
  );
}

/** The checkout: contact, addresses, payment by test card or in person, and the order summary. */
export function CheckoutPage() {
  const { checkoutId = '' } = useParams();
  const checkout = useCheckout(checkoutId);
  const back = (
    <Anchor component={Link} to="/shop" size="sm" c="dimmed">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {s.back}
      </Group>
    </Anchor>
  );
  if (checkout.data?.completed && checkout.data.orderId) {
    return (
      <Navigate
        to={`/orders/${encodeURIComponent(checkout.data.orderId)}/thank-you?checkout=${encodeURIComponent(checkoutId)}`}
        replace
      />
    );
  }
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        {back}
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {s.title}
        </Title>
        {checkout.isError ? (
          <Alert color="red" title={s.notFound}>
            <Button component={Link} to="/shop" variant="light" size="xs" mt="xs">
              {s.back}
            </Button>
          </Alert>
        ) : checkout.data ? (
          <CheckoutForm key={checkout.data.id} checkout={checkout.data} />
        ) : (
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Skeleton h={420} radius="md" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Skeleton h={320} radius="md" />
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Container>
  );
}
