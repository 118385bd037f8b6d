import { describe, expect, it } from 'vitest';
import { readFlowAddress, writeFlowAddress } from './flow-address.ts';

describe('the booking flow in the address', () => {
  it('reads what it wrote, and keeps other parameters', () => {
    const written = writeFlowAddress(new URLSearchParams('ref=newsletter'), {
      step: 'review',
      staff: 'a1b2',
      day: '2027-03-02',
      start: '2027-03-02T10:30:00.000Z',
    });
    expect(written.get('ref')).toBe('newsletter');
    expect(readFlowAddress(written)).toEqual({
      step: 'review',
      staff: 'a1b2',
      day: '2027-03-02',
      start: '2027-03-02T10:30:00.000Z',
    });
  });

  it('drops what is cleared', () => {
    const written = writeFlowAddress(new URLSearchParams('step=time&start=2027-03-02T10:30:00Z'), {
      step: 'time',
    });
    expect(written.toString()).toBe('step=time');
  });

  it('leaves out anything malformed', () => {
    expect(
      readFlowAddress(
        new URLSearchParams(
          'step=pay&day=2027-13-45&start=tomorrow&staff=<script>&session=' + 'x'.repeat(200) + '&booking=b-1',
        ),
      ),
    ).toEqual({ booking: 'b-1' });
  });

  it('gives every instant one spelling', () => {
    expect(readFlowAddress(new URLSearchParams('start=2027-03-02T11:30:00%2B01:00')).start).toBe(
      '2027-03-02T10:30:00.000Z',
    );
  });
});
