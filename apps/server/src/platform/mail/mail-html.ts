/** Text made safe to put in HTML (mail bodies, server-rendered pages): `&<>"'` become character references. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A mail's HTML document: a heading (escaped here) over `bodyHtml`, readable in any mail client. */
export function mailDocument(title: string, bodyHtml: string, maxWidthPx = 560): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:${maxWidthPx}px;margin:24px auto"><h2 style="font-weight:600">${escapeHtml(title)}</h2>${bodyHtml}</body></html>`;
}
