import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');
/** On unless set to false or 0. */
const booleanFromEnvOn = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value !== 'false' && value !== '0');

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Unset: 127.0.0.1, so a development server is not reachable from the network; 0.0.0.0 in production. */
  HOST: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanFromEnv,
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  CORS_ORIGINS: z.string().default(''),
  PUBLIC_URL: z.string().url().optional(),
  WORKER_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  /**
   * `atrium start` on an empty database seeds the demo site first. Unset: yes in development, never in
   * production (the demo has published credentials).
   */
  SEED_ON_FIRST_START: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
  /**
   * Accept the `x-atrium-dev-caller` header (any caller, no credentials): for the test suite and browser
   * tests only. Off unless set; refused in production.
   */
  ALLOW_DEV_CALLER_HEADER: booleanFromEnv,
  DEFAULT_SITE_NAME: z.string().min(1).default('My Business'),
  DEFAULT_SITE_TIMEZONE: z.string().default('UTC'),
  DEFAULT_SITE_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('USD'),
  DEFAULT_SITE_LOCALE: z.string().default('en-US'),
  /** smtp://user:pass@host:587 or smtps://...; without it mail is kept in the outbox and shown to owners. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('Atrium <no-reply@localhost>'),
  /** none (default), test (accepts tokens starting with "pass"; refused in production) or recaptcha. */
  CAPTCHA_PROVIDER: z.enum(['none', 'test', 'recaptcha']).default('none'),
  CAPTCHA_SECRET: z.string().optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** A sign-in ends this many days after it began, however often it was refreshed. */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(90),
  /**
   * Dashboard (staff) sign-ins: the refresh token lapses after this many idle hours, and the sign-in
   * ends after STAFF_SESSION_MAX_DAYS; the dashboard keeps its refresh token in the browser.
   */
  STAFF_SESSION_IDLE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  STAFF_SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** Requests per minute to login, register, recovery and token, per client IP and per loginId. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_PER_LOGIN_ID: z.coerce.number().int().min(1).default(10),
  /** Failed passwords and codes per account before it is locked, and how long the lock lasts. */
  AUTH_LOCKOUT_FAILURES: z.coerce.number().int().min(1).default(10),
  AUTH_LOCKOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /**
   * 32 random bytes, base64 (`openssl rand -base64 32`): the key that seals signing keys, the cursor key and
   * feed tokens in the database. Required in production; elsewhere made once in DATA_DIR/secrets.key.
   */
  SECRETS_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Anonymous visitor tokens per client address per minute: sized for page views, not for guessing. */
  VISITOR_TOKEN_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(3000),
  /** Redirect URIs registered on the default site's OAuth client (comma-separated). */
  OAUTH_REDIRECT_URIS: z.string().default(''),
  /** Floor on the recovery call's duration, so an unknown address answers as slowly as a known one. */
  AUTH_MIN_RESPONSE_MS: z.coerce.number().int().min(0).max(5000).default(250),
  /**
   * Let connected ICS calendar URLs reach loopback and private addresses (tests, local development).
   * Off by default and refused in production: staff choose the URLs, so it would let them probe the
   * server's own network (SSRF).
   */
  BOOKINGS_ICS_ALLOW_PRIVATE_ADDRESSES: booleanFromEnv,
  /**
   * Let webhook receivers and external database adapters (data module) be on loopback and private
   * addresses (tests, local development). Off by default and refused in production: an owner or admin
   * chooses the URL, so it would let them probe the server's own network (SSRF). Checked where each
   * request connects, not only when saved.
   */
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: booleanFromEnv,
  /**
   * The daily automatic backup of every site's collections (03:30 UTC, kept 7 days). Tests turn it off: a
   * backup taken mid-test would add rows a test expects unchanged.
   */
  DATA_AUTO_BACKUPS: booleanFromEnvOn,
  /**
   * A sort by a user index's second field is read as a skip scan only through an index at least this large
   * (platform/query README): below, sorting the matches costs less than walking the first field's groups.
   */
  DATA_SKIP_SCAN_MIN_INDEX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(2 * 1024 * 1024),
  /** One delivery attempt's limit, connection and answer included. */
  WEBHOOKS_ATTEMPT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  /** The wait after a delivery's first failure; it doubles per failure (with jitter) up to the maximum. */
  WEBHOOKS_RETRY_BASE_MS: z.coerce.number().int().min(10).default(5000),
  WEBHOOKS_RETRY_MAX_DELAY_MS: z.coerce
    .number()
    .int()
    .min(10)
    .default(4 * 3600_000),
  /** How long a failing delivery is retried (at least 3 days in production; tests shorten it). */
  WEBHOOKS_RETRY_HOURS: z.coerce
    .number()
    .positive()
    .default(5 * 24),
  /** Failing without one success this long disables a subscription and mails the site's owners. */
  WEBHOOKS_DISABLE_AFTER_HOURS: z.coerce
    .number()
    .positive()
    .default(5 * 24),
  /** How long finished webhook messages, deliveries and attempts stay in the delivery log. */
  WEBHOOKS_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Minutes before a confirmed booking's start that its reminder goes out (one week at most). */
  BOOKINGS_REMINDER_LEAD_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(24 * 60),
  /** Minutes a booking waiting for online payment holds its slot or class spots before they are freed. */
  /** How long a checkout holds its stock while the buyer pays (commerce.md, "Holds"). */
  ECOM_CHECKOUT_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /**
   * How often a worker rewrites the kept figures of products that changed (stores README, "Figures kept
   * per product"); 0 turns the upkeep off (list pages then sum every product's variants up, as exactly).
   */
  STORES_FIGURES_UPKEEP_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** When store stock is taken for good: when an order is placed, or only once it is paid. */
  ECOM_INVENTORY_UPDATE_TRIGGER: z.enum(['ON_ORDER_PLACED', 'ON_ORDER_PAID']).default('ON_ORDER_PLACED'),
  BOOKINGS_PAYMENT_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /** Bookings a visitor or member may create per 10 minutes (business callers are not limited). */
  BOOKING_CREATE_RATE_LIMIT_PER_VISITOR: z.coerce.number().int().min(1).default(20),
  /** Bookings customers may create per 10 minutes from one client address. */
  BOOKING_CREATE_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),
  /** Availability and time-slot queries per minute from one client address (a booking page makes a few per view). */
  AVAILABILITY_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(600),
  /** Calendar syncs and connections staff may start per 10 minutes from one client address. */
  BOOKINGS_ICS_SYNC_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Largest body of a route anyone may call without credentials (413 past it). */
  PUBLIC_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  /**
   * Which proxies in front of the server to believe about the client's address (x-forwarded-for):
   * false (none), true (all), a hop count, or comma-separated addresses, CIDR ranges and the names
   * loopback, linklocal, uniquelocal.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context): boolean | number | string[] => {
      const text = value.trim();
      if (text === '' || text === 'false') return false;
      if (text === 'true') return true;
      if (/^\d+$/.test(text)) return Number(text);
      const entries = text.split(',').map((entry) => entry.trim());
      const bad = entries.find((entry) => !isAddressOrRange(entry));
      if (bad !== undefined) {
        context.addIssue({ code: 'custom', message: `"${bad}" is not an IP address or CIDR range` });
        return z.NEVER;
      }
      return entries;
    }),
});

function isAddressOrRange(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

export type Config = Omit<z.infer<typeof configSchema>, 'HOST' | 'SEED_ON_FIRST_START'> & {
  HOST: string;
  SEED_ON_FIRST_START: boolean;
  dataDir: string;
};

/** Settings that would open a production deployment to strangers. */
const refusedInProduction = [
  'BOOKINGS_ICS_ALLOW_PRIVATE_ADDRESSES',
  'WEBHOOKS_ALLOW_PRIVATE_ADDRESSES',
  'ALLOW_DEV_CALLER_HEADER',
  'SEED_ON_FIRST_START',
] as const;

/** Reads and validates configuration; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const production = parsed.data.NODE_ENV === 'production';
  if (production) {
    const problems = refusedInProduction
      .filter((name) => parsed.data[name] === true)
      .map((name) => `  ${name}: must not be true in production`);
    if (!parsed.data.SECRETS_KEY) {
      problems.push(
        '  SECRETS_KEY: required in production (32 random bytes, base64: openssl rand -base64 32)',
      );
    }
    if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return {
    ...parsed.data,
    HOST: parsed.data.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    SEED_ON_FIRST_START: parsed.data.SEED_ON_FIRST_START ?? !production,
    dataDir: path.resolve(parsed.data.DATA_DIR),
  };
}

/** Configuration for tests and tools, starting from defaults rather than the process environment. */
export function testConfig(
  overrides: Partial<Record<keyof z.input<typeof configSchema>, string>> = {},
): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ALLOW_DEV_CALLER_HEADER: 'true',
    SECRETS_KEY: 'dGVzdHMtb25seTogbm90IGEgc2VjcmV0LCAzMiBieXQ=',
    // Test files make hundreds of bookings and queries from one address; rate-limit tests set their own.
    BOOKING_CREATE_RATE_LIMIT_PER_VISITOR: '1000000',
    BOOKING_CREATE_RATE_LIMIT_PER_IP: '1000000',
    AVAILABILITY_RATE_LIMIT_PER_IP: '1000000',
    WORKER_ENABLED: 'true',
    DATA_AUTO_BACKUPS: 'false',
    // Tests drain the figures when they mean to (`stores.figures.drain()`): a pass mid-test would change
    // which path a list read takes.
    STORES_FIGURES_UPKEEP_MS: '0',
    DATABASE_URL: process.env.DATABASE_URL,
    ...overrides,
  });
}
