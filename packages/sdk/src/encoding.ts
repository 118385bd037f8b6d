/** base64url without padding, from UTF-8 text; browser-safe (no Buffer). */
export function base64UrlEncode(text: string): string {
  return base64UrlFromBytes(new TextEncoder().encode(text));
}

export function base64UrlFromBytes(bytes: Uint8Array): string {
  let binary = '';
  // Chunked so a large request does not exceed the argument limit of String.fromCharCode.
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function base64UrlDecode(encoded: string): string {
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/**
 * The query string of a GET. A flat request travels as ordinary parameters; a request with nested parts
 * (objects or arrays) travels whole as `.r`, base64url JSON without padding (platform.md), so the server
 * sees exactly what the POST form would carry.
 * Values must already be serialised (no Date objects).
 */
export function encodeGetQuery(request: Record<string, unknown>): string {
  const entries = Object.entries(request).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return '';
  const nested = entries.some(([, value]) => typeof value === 'object');
  if (nested) return `.r=${base64UrlEncode(JSON.stringify(Object.fromEntries(entries)))}`;
  const params = new URLSearchParams();
  for (const [key, value] of entries) params.append(key, String(value));
  return params.toString();
}
