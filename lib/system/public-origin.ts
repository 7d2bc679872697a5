/**
 * The public address of this install: for links in e-mails and for the pages' absolute addresses
 * (the share image). Never taken from request headers: a forged Host header would otherwise send
 * reset links to someone else's site. APP_URL, else NEXTAUTH_URL, else this server's own port.
 */
export function publicOrigin(): string {
  const configured = process.env.APP_URL || process.env.NEXTAUTH_URL;
  return (configured || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, '');
}
