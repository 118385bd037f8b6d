import { ecom } from '@atrium/sdk/modules/ecom';
// The app's one SDK client binds itself as the ambient context when imported (enableContext), so the
// commerce functions below call the server with the visitor's or member's tokens: the cart, checkout and
// orders are theirs.
import '../../../lib/atrium-client.ts';

export { ecom };
