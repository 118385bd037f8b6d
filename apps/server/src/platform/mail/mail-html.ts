/** Text made safe to put in HTML (mail bodies, server-rendered pages): `&<>"'` become character references. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
