import { randomBytes } from 'node:crypto';
import { escapeHtml } from '../../platform/mail/mail-html.ts';

/** The hosted sign-in page of `/oauth2/authorize`: server-rendered, no script, every value escaped. */

export type HostedStep = 'login' | 'register' | 'verify' | 'message';

export interface HostedPageInput {
  siteName: string;
  step: HostedStep;
  /** The authorization request, carried through the form as hidden fields. */
  params: Record<string, string>;
  email?: string;
  stateToken?: string;
  error?: string;
  message?: string;
}

const styles = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:linear-gradient(135deg,#eef2ff,#f8fafc);font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#0f172a}
main{width:min(400px,92vw);background:#fff;border-radius:16px;box-shadow:0 10px 40px rgba(15,23,42,.12);padding:32px}
h1{font-size:22px;margin:0 0 4px}p.sub{margin:0 0 24px;color:#64748b}
label{display:block;font-weight:600;font-size:13px;margin:16px 0 6px}
input{width:100%;padding:10px 12px;border:1px solid #cbd5e1;border-radius:10px;font:inherit}
input:focus{outline:2px solid #6366f1;border-color:transparent}
button{width:100%;margin-top:24px;padding:11px;border:0;border-radius:10px;background:#4f46e5;color:#fff;font:600 15px system-ui;cursor:pointer}
button:hover{background:#4338ca}.link{background:none;color:#4f46e5;margin-top:12px;padding:4px;font-weight:500}
.error{background:#fef2f2;color:#b91c1c;border-radius:10px;padding:10px 12px;margin-bottom:8px}
.note{background:#f0fdf4;color:#166534;border-radius:10px;padding:10px 12px}`;

function hidden(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
}

export function renderHostedPage(input: HostedPageInput): string {
  const site = escapeHtml(input.siteName);
  const error = input.error ? `<div class="error" role="alert">${escapeHtml(input.error)}</div>` : '';
  const carry = hidden(input.params);
  const email = escapeHtml(input.email ?? '');
  let body: string;
  switch (input.step) {
    case 'login':
      body = `<h1>Sign in</h1><p class="sub">to ${site}</p>${error}
<form method="post" action="/oauth2/authorize">${carry}<input type="hidden" name="action" value="login">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${email}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>
<form method="post" action="/oauth2/authorize">${carry}<input type="hidden" name="action" value="show-register"><button class="link" type="submit">New here? Create an account</button></form>`;
      break;
    case 'register':
      body = `<h1>Create an account</h1><p class="sub">on ${site}</p>${error}
<form method="post" action="/oauth2/authorize">${carry}<input type="hidden" name="action" value="register">
<label for="firstName">First name</label><input id="firstName" name="firstName" autocomplete="given-name">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${email}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="8" required>
<button type="submit">Create account</button></form>
<form method="post" action="/oauth2/authorize">${carry}<input type="hidden" name="action" value="show-login"><button class="link" type="submit">Already a member? Sign in</button></form>`;
      break;
    case 'verify':
      body = `<h1>Check your email</h1><p class="sub">We sent a 6-digit code to ${email || 'your address'}.</p>${error}
<form method="post" action="/oauth2/authorize">${carry}<input type="hidden" name="action" value="verify"><input type="hidden" name="stateToken" value="${escapeHtml(input.stateToken ?? '')}"><input type="hidden" name="email" value="${email}">
<label for="code">Code</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" required>
<button type="submit">Verify</button></form>
<form method="post" action="/oauth2/authorize">${carry}<input type="hidden" name="action" value="resend"><input type="hidden" name="stateToken" value="${escapeHtml(input.stateToken ?? '')}"><input type="hidden" name="email" value="${email}"><button class="link" type="submit">Send a new code</button></form>`;
      break;
    case 'message':
      body = `<h1>${site}</h1>${error}${input.message ? `<p class="note">${escapeHtml(input.message)}</p>` : ''}`;
      break;
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${site}</title><style>${styles}</style></head><body><main>${body}</main></body></html>`;
}

/** Headers of a page with forms: never framed (clickjacking), nothing loaded from elsewhere. */
export const formPageHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
};

/**
 * The `web_message` answer: a page in the client's hidden frame (or popup) posts the result to the
 * client's origin only, then does nothing else. Framing is allowed for that origin alone.
 */
export function renderWebMessage(targetOrigin: string, response: Record<string, string>) {
  const nonce = randomBytes(16).toString('base64');
  const message = JSON.stringify({ type: 'authorization_response', response }).replace(/</g, '\\u003c');
  const origin = JSON.stringify(targetOrigin).replace(/</g, '\\u003c');
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Signing in</title></head><body><script nonce="${nonce}">(function(){var t=window.opener||window.parent;t.postMessage(${message},${origin});})();</script></body></html>`;
  return {
    html,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors ${targetOrigin}`,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    },
  };
}
