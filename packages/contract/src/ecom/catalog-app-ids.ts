// Apart from the wire schemas (zod) so a web page that only needs the ids does not load them.
/** The app ids the clients put in `catalogReference.appId`, one per vertical (commerce.md). */
export const catalogAppIds = {
  stores: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
  bookings: '13d21c63-b5ec-5912-8397-c3a5ddb27a97',
  events: '140603ad-af8d-84a5-2c80-a0f60cb47351',
} as const;
