import { InvalidArgumentError } from '@atrium/sdk';
import { describe, expect, it } from 'vitest';
import { explainBookingError, fieldErrorsOf } from './booking-errors.ts';

describe("the server's field violations", () => {
  it('land on the inputs they are about', () => {
    expect(
      fieldErrorsOf([
        { field: 'booking.contactDetails.firstName', description: 'at most 200 characters' },
        { field: 'booking.contactDetails.email', description: 'must be an email' },
        { field: 'formSubmission.allergies', description: 'at most 50 characters' },
        { field: 'formSubmission.last_name', description: 'is required' },
        { field: 'booking.totalParticipants', description: 'at most 10' },
      ]),
    ).toEqual({
      firstName: 'at most 200 characters',
      email: 'must be an email',
      'form.allergies': 'at most 50 characters',
      lastName: 'is required',
    });
  });

  it('make a details problem that points at the fields', () => {
    const problem = explainBookingError(
      new InvalidArgumentError([
        { field: 'booking.contactDetails.phone', description: 'too long', violatedRule: 'MAX_LENGTH' },
      ]),
    );
    expect(problem).toMatchObject({ kind: 'details', fields: { phone: 'too long' } });
  });
});
