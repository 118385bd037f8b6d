import { renderMail, type MailBrand } from '../../platform/mail/mail-template.ts';

/** The identity module's mails: short, with the code also in the subject line for quick reading. */

export function verificationMail(brand: MailBrand, input: { code: string }) {
  return renderMail(brand, {
    kind: 'identity.email-verification',
    secrets: [input.code],
    subject: `${input.code} is your ${brand.siteName} verification code`,
    heading: 'Verify your email',
    paragraphs: [`Your verification code for ${brand.siteName} is:`],
    code: input.code,
    closing: ['It expires in 15 minutes. If you did not ask for it, ignore this mail.'],
  });
}

export function recoveryMail(brand: MailBrand, input: { link: string; token: string }) {
  return renderMail(brand, {
    kind: 'identity.password-recovery',
    secrets: [input.token, input.link],
    subject: `Reset your ${brand.siteName} password`,
    heading: 'Reset your password',
    paragraphs: [`Someone asked to reset the password of your ${brand.siteName} account.`],
    action: { label: 'Choose a new password', url: input.link },
    closing: [
      'The link works for an hour.',
      `Recovery token: ${input.token}`,
      'If it was not you, ignore this mail: nothing changes.',
    ],
  });
}

export function invitationMail(brand: MailBrand, input: { link: string; token: string; role: string }) {
  return renderMail(brand, {
    kind: 'identity.staff-invitation',
    secrets: [input.token, input.link],
    subject: `You are invited to manage ${brand.siteName}`,
    heading: `Join ${brand.siteName}`,
    paragraphs: [`You are invited to join ${brand.siteName} as ${input.role.toLowerCase()}.`],
    action: { label: 'Accept the invitation', url: input.link },
    closing: ['The invitation is valid for 7 days.', `Invitation token: ${input.token}`],
  });
}

export function lockoutMail(brand: MailBrand, input: { minutes: number }) {
  return renderMail(brand, {
    kind: 'identity.account-locked',
    subject: `Sign-in to your ${brand.siteName} account is paused`,
    heading: 'Sign-in paused',
    paragraphs: [
      `There were too many failed attempts to sign in to your ${brand.siteName} account, so signing in is paused for ${input.minutes} minutes.`,
      'If it was you, wait and try again, or reset your password. If it was not you, your account is safe: nobody got in.',
    ],
  });
}
