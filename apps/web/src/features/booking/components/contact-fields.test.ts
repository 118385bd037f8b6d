import { describe, expect, it } from 'vitest';
import { contactLimits, questionsOf, validateContact } from './contact-fields.tsx';

const defaultForm = {
  id: '00000000-0000-0000-0000-000000000000',
  name: 'Booking form',
  createdDate: new Date(0),
  fields: [
    { name: 'first_name', type: 'SHORT_TEXT', required: true, maxLength: 200 },
    { name: 'last_name', type: 'SHORT_TEXT', required: false, maxLength: 200 },
    { name: 'email', type: 'SHORT_TEXT', required: true, maxLength: 254 },
    { name: 'phone', type: 'SHORT_TEXT', required: false, maxLength: 50 },
    { name: 'allergies', type: 'LONG_TEXT', required: true, maxLength: 500 },
  ],
} as never;

const filled = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '' };

describe('the contact details, checked as the server checks them', () => {
  it('takes the limits from the form and asks the contact fields once', () => {
    expect(contactLimits(defaultForm)).toEqual({ firstName: 200, lastName: 200, email: 254, phone: 50 });
    expect(questionsOf(defaultForm).map((field) => field.name)).toEqual(['allergies']);
  });

  it('refuses a first name over the limit, a bad email and a number no one can call', () => {
    const errors = validateContact(
      { firstName: 'A'.repeat(4400), lastName: '', email: 'ada@', phone: '12' },
      defaultForm,
      { allergies: 'none' },
    );
    expect(Object.keys(errors).sort()).toEqual(['email', 'firstName', 'phone']);
    expect(errors.firstName).toBe('At most 200 characters.');
  });

  it('accepts an international number and asks the form question', () => {
    const errors = validateContact({ ...filled, phone: '+44 20 7946 0001' }, defaultForm, {});
    expect(errors).toEqual({ 'form.allergies': 'Required' });
  });
});
