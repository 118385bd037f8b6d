import { describe, expect, it } from 'vitest';
import { unfulfilledLines } from './fulfillment.ts';

describe('unfulfilledLines', () => {
  it.each([
    ['nothing fulfilled yet', [{ id: 'a', quantity: 2 }], [{ id: 'a', quantity: 2 }]],
    [
      'a line partly fulfilled keeps its remainder',
      [
        { id: 'a', quantity: 3, fulfilledQuantity: 1 },
        { id: 'b', quantity: 1, fulfilledQuantity: 0 },
      ],
      [
        { id: 'a', quantity: 2 },
        { id: 'b', quantity: 1 },
      ],
    ],
    ['a fulfilled line is left out', [{ id: 'a', quantity: 1, fulfilledQuantity: 1 }], []],
    ['more fulfilled than bought is nothing left', [{ id: 'a', quantity: 1, fulfilledQuantity: 2 }], []],
    ['no lines', [], []],
  ])('%s', (_, lines, left) => {
    expect(unfulfilledLines(lines)).toEqual(left);
  });
});
