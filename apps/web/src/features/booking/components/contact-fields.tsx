import { Checkbox, Grid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import type { BookingForm as WireBookingForm } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { isValidPhone } from '../../../lib/phone.ts';
import { t } from '../strings.ts';

type BookingForm = WithDates<WireBookingForm>;

export interface ContactValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export type ContactErrors = Partial<Record<keyof ContactValues | `form.${string}`, string>>;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Form fields that are the contact inputs (the default form has all four): asked once, not again below. */
const contactFieldOf: Record<string, keyof ContactValues> = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  phone: 'phone',
};

/** The server's limits on contact details (contactDetailsSchema), used when the form gives none. */
const serverLimits: Record<keyof ContactValues, number> = {
  firstName: 200,
  lastName: 200,
  email: 254,
  phone: 50,
};

/** The longest each contact input may be: the form's own limit, within the server's. */
export function contactLimits(form: BookingForm | undefined): Record<keyof ContactValues, number> {
  const limits = { ...serverLimits };
  for (const field of form?.fields ?? []) {
    const key = contactFieldOf[field.name];
    if (key && field.maxLength) limits[key] = Math.min(limits[key], field.maxLength);
  }
  return limits;
}

/** The form's own questions, beyond the contact inputs. */
export function questionsOf(form: BookingForm | undefined) {
  return (form?.fields ?? []).filter((field) => !(field.name in contactFieldOf));
}

/** The same rules the server applies (contactDetailsSchema and the form's required fields), checked early. */
export function validateContact(
  values: ContactValues,
  form: BookingForm | undefined,
  answers: Record<string, unknown>,
): ContactErrors {
  const errors: ContactErrors = {};
  const limits = contactLimits(form);
  for (const key of Object.keys(limits) as Array<keyof ContactValues>) {
    if (values[key].trim().length > limits[key]) errors[key] = t.booking.tooLong(limits[key]);
  }
  if (!values.firstName.trim()) errors.firstName = t.booking.required;
  if (!values.email.trim()) errors.email = t.booking.required;
  else if (!errors.email && !emailPattern.test(values.email.trim())) errors.email = t.booking.invalidEmail;
  const phone = values.phone.trim();
  if (phone && !errors.phone && !isValidPhone(phone)) errors.phone = t.booking.invalidPhone;
  for (const field of questionsOf(form)) {
    const answer = answers[field.name];
    const empty = field.type === 'CHECK_BOX' ? answer !== true : !String(answer ?? '').trim();
    if (field.required && empty) errors[`form.${field.name}`] = t.booking.required;
  }
  return errors;
}

export function ContactFields({
  values,
  onChange,
  errors,
  form,
  answers,
  onAnswer,
}: {
  values: ContactValues;
  onChange: (values: ContactValues) => void;
  errors: ContactErrors;
  form: BookingForm | undefined;
  answers: Record<string, unknown>;
  onAnswer: (name: string, value: unknown) => void;
}) {
  const limits = contactLimits(form);
  const questions = questionsOf(form);
  const field = (name: keyof ContactValues) => ({
    value: values[name],
    maxLength: limits[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ ...values, [name]: event.currentTarget.value }),
    error: errors[name],
  });
  return (
    <Stack gap="md">
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t.booking.firstName} autoComplete="given-name" required {...field('firstName')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t.booking.lastName} autoComplete="family-name" {...field('lastName')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t.booking.email} type="email" autoComplete="email" required {...field('email')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t.booking.phone}
            description={t.booking.optional}
            type="tel"
            autoComplete="tel"
            {...field('phone')}
          />
        </Grid.Col>
      </Grid>
      {questions.length > 0 ? (
        <Stack gap="sm">
          <Title order={3} fz="md">
            {t.booking.formTitle}
          </Title>
          {questions.map((question) => {
            const label = question.label || question.name;
            const error = errors[`form.${question.name}`];
            if (question.type === 'CHECK_BOX') {
              return (
                <Checkbox
                  key={question.name}
                  label={label}
                  checked={answers[question.name] === true}
                  onChange={(event) => onAnswer(question.name, event.currentTarget.checked)}
                  error={error}
                  required={question.required}
                />
              );
            }
            const Input = question.type === 'LONG_TEXT' ? Textarea : TextInput;
            return (
              <Input
                key={question.name}
                label={label}
                required={question.required}
                value={String(answers[question.name] ?? '')}
                maxLength={question.maxLength ?? undefined}
                onChange={(event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
                  onAnswer(question.name, event.currentTarget.value)
                }
                error={error}
                {...(question.type === 'LONG_TEXT' ? { autosize: true, minRows: 3 } : {})}
              />
            );
          })}
        </Stack>
      ) : null}
    </Stack>
  );
}
