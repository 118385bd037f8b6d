import { z } from 'zod';

/**
 * A postal address, as members' profiles and booking contacts carry it. Fields the contract's clients add
 * beyond these are kept as sent.
 * @example {"country":"GB","city":"London","postalCode":"NW1 6XE","addressLine":"221B Baker Street"}
 */
export const addressSchema = z
  .object({
    tag: z.string().max(50).nullish(),
    country: z.string().max(100).nullish(),
    subdivision: z.string().max(100).nullish(),
    city: z.string().max(200).nullish(),
    postalCode: z.string().max(50).nullish(),
    addressLine: z.string().max(500).nullish(),
    addressLine2: z.string().max(500).nullish(),
    formattedAddress: z.string().max(1000).nullish(),
    streetAddress: z
      .object({ number: z.string().max(50).nullish(), name: z.string().max(200).nullish() })
      .nullish(),
    geocode: z
      .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
      .nullish(),
  })
  .loose();
export type Address = z.infer<typeof addressSchema>;
