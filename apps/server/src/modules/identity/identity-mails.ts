import { escapeHtml, mailDocument } from '../../platform/mail/mail-html.ts';

/** The identity module's mails: short, plain, with the code also in the subject line for quick reading. */

function layout(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((text) => `<p style="margin:0 0 16px">${text}</p>`).join('');
  return mailDocument(title, body, 480);
}

export function verificationMail(input: { siteName: string; code: string }) {
  const subject = `${input.code} is your ${input.siteName} verification code`;
  return {
    kind: 'identity.email-verification',
    secrets: [input.code],
    subject,
    text: `Your verification code for ${input.siteName} is ${input.code}.\nIt expires in 15 minutes. If you did not ask for it, ignore this mail.`,
    html: layout(`Verify your email`, [
      `Your verification code for ${escapeHtml(input.siteName)} is:`,
      `<strong style="font-size:24px;letter-spacing:4px">${input.code}</strong>`,
      'It expires in 15 minutes. If you did not ask for it, ignore this mail.',
    ]),
  };
}

export function recoveryMail(input: { siteName: string; link: string; token: string }) {
  return {
    kind: 'identity.password-recovery',
    secrets: [input.token, input.link],
    subject: `Reset your ${input.siteName} password`,
    text: `Someone asked to reset the password of your ${input.siteName} account.\nOpen ${input.link} within an hour to choose a new one.\nRecovery token: ${input.token}\nIf it was not you, ignore this mail: nothing changes.`,
    html: layout('Reset your password', [
      `Someone asked to reset the password of your ${escapeHtml(input.siteName)} account.`,
      `<a href="${escapeHtml(input.link)}">Choose a new password</a> (valid for an hour).`,
      'If it was not you, ignore this mail: nothing changes.',
    ]),
  };
}

export function invitationMail(input: { siteName: string; link: string; token: string; role: string }) {
  return {
    kind: 'identity.staff-invitation',
    secrets: [input.token, input.link],
    subject: `You are invited to manage ${input.siteName}`,
    text: `You are invited to join ${input.siteName} as ${input.role}.\nAccept within 7 days: ${input.link}\nInvitation token: ${input.token}`,
    html: layout(`Join ${input.siteName}`, [
      `You are invited to join ${escapeHtml(input.siteName)} as ${escapeHtml(input.role)}.`,
      `<a href="${escapeHtml(input.link)}">Accept the invitation</a> (valid for 7 days).`,
    ]),
  };
}

export function lockoutMail(input: { siteName: string; minutes: number }) {
  return {
    kind: 'identity.account-locked',
    subject: `Sign-in to your ${input.siteName} account is paused`,
    text: `There were too many failed attempts to sign in to your ${input.siteName} account, so signing in is paused for ${input.minutes} minutes.\nIf it was you, wait and try again, or reset your password. If it was not you, your account is safe: nobody got in.`,
    html: layout('Sign-in paused', [
      `There were too many failed attempts to sign in to your ${escapeHtml(input.siteName)} account, so signing in is paused for ${input.minutes} minutes.`,
      'If it was you, wait and try again, or reset your password. If it was not you, your account is safe: nobody got in.',
    ]),
  };
}
