import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Every HTTP call the official bookings client modules can make, read from the installed packages
 * themselves, so the list follows the pinned versions. Each package's build holds one request builder
 * per call (`method`, `methodFqn`, and `url: resolve…Url({ protoPath })`) and one resolver per service
 * mapping the proto path to the path sent to the API host (`domainToMappings`); the path is resolved as
 * the client's runtime does for `www.wixapis.com` (`@wix/sdk-runtime` resolveUrl), with path parameters
 * left as `{name}`.
 *
 * Regenerate the committed list with
 * `node apps/server/bin/run-ts.mjs packages/official-clients/test/bookings-client-calls.ts --write`.
 */

/** The bookings client modules whose families the contract lists (spec bookings-identity §7). */
export const bookingsClientPackages = [
  '@wix/auto_sdk_bookings_add-ons',
  '@wix/auto_sdk_bookings_attendance',
  '@wix/auto_sdk_bookings_availability-calendar',
  '@wix/auto_sdk_bookings_availability-time-slots',
  '@wix/auto_sdk_bookings_booking-fees',
  '@wix/auto_sdk_bookings_booking-policies',
  '@wix/auto_sdk_bookings_bookings',
  '@wix/auto_sdk_bookings_categories',
  '@wix/auto_sdk_bookings_categories-v-2',
  '@wix/auto_sdk_bookings_extended-bookings',
  '@wix/auto_sdk_bookings_external-calendars',
  '@wix/auto_sdk_bookings_multi-service-availability-time-slots',
  '@wix/auto_sdk_bookings_pricing',
  '@wix/auto_sdk_bookings_resource-types',
  '@wix/auto_sdk_bookings_resources',
  '@wix/auto_sdk_bookings_service-options-and-variants',
  '@wix/auto_sdk_bookings_services',
  '@wix/auto_sdk_bookings_staff-members',
] as const;

export interface ClientCall {
  package: string;
  /** The call's fully qualified method name, as the client names it. */
  methodFqn: string;
  method: string;
  /** The path sent to the API host, path parameters as `{name}`. */
  path: string;
}

interface Mapping {
  srcPath: string;
  destPath: string;
}

const host = 'www.wixapis.com';

function mappingsFor(domainToMappings: Record<string, Mapping[]>): Mapping[] {
  if (domainToMappings[host]) return domainToMappings[host];
  const root = host.split('.').slice(1).join('.');
  if (domainToMappings[root]) return domainToMappings[root];
  const wildcard = Object.keys(domainToMappings)
    .filter((domain) => domain.startsWith('*.') && host.endsWith(domain.slice(1)))
    .sort((a, b) => b.length - a.length)[0];
  if (wildcard) return domainToMappings[wildcard]!;
  return domainToMappings._ ?? [];
}

function resolvePath(protoPath: string, mappings: Mapping[]): string {
  const mapping = mappings.find((entry) => protoPath.startsWith(entry.destPath));
  return mapping ? mapping.srcPath + protoPath.slice(mapping.destPath.length) : protoPath;
}

/** The resolvers of one build: name → its domain mappings (an object literal of plain strings). */
function resolversOf(source: string): Map<string, Mapping[]> {
  const resolvers = new Map<string, Mapping[]>();
  const pattern = /function (resolve\w+Url)\(opts\) \{\s*const domainToMappings = (\{[\s\S]*?\n {2}\});/g;
  for (const match of source.matchAll(pattern)) {
    const literal = match[2]!;
    // The literal holds only string keys and values; JSON after quoting its bare keys.
    const json = literal.replace(/([{,]\s*)([A-Za-z_$][\w$]*)\s*:/g, '$1"$2":').replace(/,(\s*[}\]])/g, '$1');
    resolvers.set(match[1]!, mappingsFor(JSON.parse(json) as Record<string, Mapping[]>));
  }
  return resolvers;
}

export function callsOfPackage(packageName: string): ClientCall[] {
  const require = createRequire(import.meta.url);
  const entry = require.resolve(packageName);
  const source = readFileSync(entry, 'utf8');
  const resolvers = resolversOf(source);
  const calls: ClientCall[] = [];
  const builder =
    /method: "(\w+)",\s*methodFqn: "([\w.]+)",[\s\S]*?url: (resolve\w+Url)\(\s*\{\s*protoPath: "([^"]+)"/g;
  for (const match of source.matchAll(builder)) {
    const [, method, methodFqn, resolver, protoPath] = match as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    const mappings = resolvers.get(resolver);
    if (!mappings) throw new Error(`${packageName}: no resolver ${resolver} for ${methodFqn}`);
    calls.push({ package: packageName, methodFqn, method, path: resolvePath(protoPath, mappings) });
  }
  if (calls.length === 0) throw new Error(`${packageName}: no calls found in ${entry}`);
  return calls;
}

/** Every distinct call (method and path) of the bookings client modules, in a stable order. */
export function bookingsClientCalls(): ClientCall[] {
  const seen = new Map<string, ClientCall>();
  for (const packageName of bookingsClientPackages) {
    for (const call of callsOfPackage(packageName)) {
      const key = `${call.method} ${call.path}`;
      if (!seen.has(key)) seen.set(key, call);
    }
  }
  return [...seen.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

export const generatedListFile = new URL('./bookings-client-calls.generated.json', import.meta.url);

if (process.argv.includes('--write')) {
  const { writeFileSync } = await import('node:fs');
  const calls = bookingsClientCalls();
  writeFileSync(generatedListFile, `${JSON.stringify(calls, null, 2)}\n`);
  console.log(`${calls.length} calls written to ${generatedListFile.pathname}`);
}
