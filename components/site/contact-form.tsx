'use client';

import { useState, type FormEvent } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { TextArea, TextField } from '@/components/ui/field';
import { detailText } from '@/lib/web/api';

const EMPTY = { name: '', email: '', subject: '', message: '' };
const THANKS = "Thank you for your message! We'll get back to you soon.";

/** Idle → submitting → success (form cleared) or error. */
export function ContactForm() {
  const [form, setForm] = useState(EMPTY);
  const [status, setStatus] = useState<'idle' | 'submitting' | 'success' | 'error'>('idle');
  const [error, setError] = useState('');
  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus('submitting');
    try {
      const res = await fetch('/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(form) });
      if (!res.ok) {
        const body = await res.json().catch(() => null);
        setError(detailText(body) ?? 'Failed to send message. Please try again.');
        setStatus('error');
        return;
      }
      setForm(EMPTY);
      setStatus('success');
    } catch {
      setError('Failed to send message. Please check your connection and try again.');
      setStatus('error');
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Contact form">
      {status === 'success' && <Banner tone="success">{THANKS}</Banner>}
      {status === 'error' && <Banner tone="error">{error}</Banner>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" name="name" autoComplete="name" required value={form.name} onChange={set('name')} />
        <TextField label="E-mail" name="email" type="email" autoComplete="email" required value={form.email} onChange={set('email')} />
      </div>
      <TextField label="Subject" name="subject" required value={form.subject} onChange={set('subject')} />
      <TextArea label="Message" name="message" rows={6} required value={form.message} onChange={set('message')} />
      <Button type="submit" disabled={status === 'submitting'}>
        {status === 'submitting' ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
