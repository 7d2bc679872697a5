import 'server-only';
import nodemailer, { type Transporter } from 'nodemailer';

let transport: { url: string; t: Transporter } | undefined;

export function smtpConfigured(): boolean {
  return !!process.env.SMTP_URL;
}

export function mailFrom(): string {
  return process.env.MAIL_FROM || 'Lantern <no-reply@lantern.local>';
}

function transporter(): Transporter {
  const url = process.env.SMTP_URL!;
  if (!transport || transport.url !== url) transport = { url, t: nodemailer.createTransport(url) };
  return transport.t;
}

export async function sendSmtp(mail: { to: string; subject: string; text: string; html?: string | null }): Promise<void> {
  await transporter().sendMail({ from: mailFrom(), to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined });
}
