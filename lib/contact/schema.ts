import { z } from 'zod';
import { emailField } from '@/lib/auth/schema';

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const contactSchema = z.object({
  name: required('Name', 200),
  email: emailField,
  subject: required('Subject', 300),
  message: required('Message', 10_000),
});

export type ContactInput = z.infer<typeof contactSchema>;

export const CONTACT_THANKS = "Thank you for your message! We'll get back to you soon.";
