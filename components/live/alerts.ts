'use client';

import { useSyncExternalStore } from 'react';

// How the Live view tells an available staff member that a visitor is waiting: a short beep (made
// with WebAudio, no sound file) and, when the browser allows it, a notification.

type AudioContextClass = typeof AudioContext;
let audio: AudioContext | null = null;

function audioContextClass(): AudioContextClass | null {
  if (typeof window === 'undefined') return null;
  return window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext ?? null;
}

/**
 * Browsers start sound only after the person has used the page: called from a click (the
 * availability switch), so the beep can play later without one.
 */
export function primeSound(): void {
  try {
    const Ctx = audioContextClass();
    if (!Ctx) return;
    audio ??= new Ctx();
    if (audio.state === 'suspended') void audio.resume().catch(() => {});
  } catch {
    // no sound on this browser
  }
}

/** Two short rising tones, quiet. */
export function beep(): void {
  try {
    primeSound();
    if (!audio) return;
    const start = audio.currentTime + 0.01;
    [660, 880].forEach((frequency, i) => {
      const t = start + i * 0.18;
      const osc = audio!.createOscillator();
      const gain = audio!.createGain();
      osc.type = 'sine';
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.18, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.16);
      osc.connect(gain).connect(audio!.destination);
      osc.start(t);
      osc.stop(t + 0.17);
    });
  } catch {
    // no sound on this browser
  }
}

export type NotificationState = NotificationPermission | 'unsupported';

const permissionListeners = new Set<() => void>();

function permission(): NotificationState {
  return typeof window === 'undefined' || !('Notification' in window) ? 'unsupported' : Notification.permission;
}

/** Whether the browser lets this page show notifications (follows the answer to the request). */
export function useNotificationPermission(): NotificationState {
  return useSyncExternalStore(
    (onChange) => {
      permissionListeners.add(onChange);
      return () => permissionListeners.delete(onChange);
    },
    permission,
    () => 'unsupported',
  );
}

/** Asks the browser for permission to notify (from a click). */
export async function askNotificationPermission(): Promise<void> {
  if (permission() === 'unsupported') return;
  try {
    await Notification.requestPermission();
  } finally {
    permissionListeners.forEach((fn) => fn());
  }
}

/** Shows a notification when allowed; a click brings the Live view forward and opens the conversation. */
export function notifyWaiting(visitor: string, id: number, onOpen: (id: number) => void): void {
  if (permission() !== 'granted') return;
  try {
    const n = new Notification('A visitor is waiting for a person', { body: visitor, tag: `lantern-live-${id}` });
    n.onclick = () => {
      window.focus();
      onOpen(id);
      n.close();
    };
  } catch {
    // Some browsers only notify from a service worker: the sound and the list still tell.
  }
}
