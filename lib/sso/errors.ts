// Why a single sign-on did not end in a session, in words for the sign-in page and the Test
// sign-in window (never a stack trace), and as a code for the audit entry.

export type SsoFailure =
  | 'no_connection'
  | 'disabled'
  | 'unreachable'
  | 'state'
  | 'replayed'
  | 'expired'
  | 'signature'
  | 'certificate'
  | 'unsigned'
  | 'issuer'
  | 'audience'
  | 'recipient'
  | 'provider_error'
  | 'malformed'
  | 'unverified_email'
  | 'foreign_domain'
  | 'no_email'
  | 'account_disabled'
  | 'superuser';

export class SsoError extends Error {
  constructor(
    readonly code: SsoFailure,
    message: string,
    /** The school it concerns, when known before the attempt is (a replayed callback): for the audit entry. */
    readonly schoolId: number | null = null,
  ) {
    super(message);
    this.name = 'SsoError';
  }
}

export const ssoError = (code: SsoFailure, message: string, schoolId: number | null = null) => new SsoError(code, message, schoolId);

/** What the sign-in page says for each failure (the address carries only the code). */
export const SSO_FAILURE_TEXT: Record<SsoFailure, string> = {
  no_connection: 'Single sign-on is not set up for this e-mail address. Sign in with your password.',
  disabled: 'Single sign-on is turned off for this school. Sign in with your password or ask the school\'s administrator.',
  unreachable: 'The school\'s sign-in service does not answer. Try again later, or ask the school\'s IT department.',
  state: 'This sign-in was not started here or has already finished. Sign in again.',
  replayed: 'This sign-in response was already used. Sign in again.',
  expired: 'The sign-in expired before it came back. Sign in again.',
  signature: 'The identity provider\'s signature on the sign-in does not check out. Ask the school\'s IT department.',
  certificate: 'The identity provider\'s certificate does not match the one Lantern was given. Ask the school\'s IT department.',
  unsigned: 'The sign-in response was not signed by the identity provider. Ask the school\'s IT department.',
  issuer: 'The sign-in came from another identity provider than the school\'s. Ask the school\'s IT department.',
  audience: 'The sign-in was meant for another application. Ask the school\'s IT department.',
  recipient: 'The sign-in was sent to another address than Lantern\'s. Ask the school\'s IT department.',
  provider_error: 'The identity provider refused the sign-in.',
  malformed: 'The identity provider\'s answer could not be read. Sign in again.',
  unverified_email: 'Your e-mail address is not verified at the identity provider, so Lantern cannot sign you in with it.',
  foreign_domain: 'Your e-mail address is not in a domain this school signs in with single sign-on.',
  no_email: 'The identity provider did not send an e-mail address. Ask the school\'s IT department to release it to Lantern.',
  account_disabled: 'Your Lantern account is disabled. Ask the school\'s administrator.',
  superuser: 'This address belongs to a platform administrator, who signs in with a password, never through a school\'s sign-in service.',
};

export const isSsoFailure = (code: string | null): code is SsoFailure => code !== null && Object.hasOwn(SSO_FAILURE_TEXT, code);
