/**
 * Support contact shown on /contact and /support. The `.example` addresses are placeholders reserved by RFC
 * 2606: each deployment replaces them with its own support desk before going live.
 */
export const CONTACT = {
  supportEmail: 'support@hrpay.example',
  salesEmail: 'sales@hrpay.example',
  privacyEmail: 'privacy@hrpay.example',
  hours: 'Monday to Friday, 8:00 AM to 6:00 PM (Philippine time), except public holidays',
  responseTime: 'We answer within one business day; payroll-cutoff issues the same day.',
} as const;
