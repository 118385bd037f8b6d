import { timestamp } from 'drizzle-orm/pg-core';

/** `created_date` and `updated_date`, as every entity table carries them (both set on insert). */
export function timestampColumns() {
  return {
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedDate: timestamp('updated_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  };
}
