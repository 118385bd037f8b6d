import { bookings } from '@atrium/sdk/modules/bookings';
// The app's one SDK client binds itself as the ambient context when imported (enableContext), so the
// bookings functions below call the server with the visitor's or member's tokens.
import './atrium-client.ts';

export { bookings };
