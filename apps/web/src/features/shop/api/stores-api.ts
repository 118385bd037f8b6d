import { storesCollections, storesProducts } from '@atrium/sdk/modules/stores';
// The app's one SDK client binds itself as the ambient context when imported (enableContext), so the
// store functions below call the server with the visitor's or member's tokens.
import '../../../lib/atrium-client.ts';

export { storesCollections, storesProducts };
