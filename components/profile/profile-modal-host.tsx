'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { OPEN_PROFILE_EVENT } from '@/lib/web/events';
import type { ProfileUser } from './profile-modal';

const ProfileModal = dynamic(() => import('./profile-modal'), { ssr: false });

/** Opens Profile Settings whenever the open-profile window event fires. */
export function ProfileModalHost({ user }: { user: ProfileUser }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const show = () => setOpen(true);
    window.addEventListener(OPEN_PROFILE_EVENT, show);
    return () => window.removeEventListener(OPEN_PROFILE_EVENT, show);
  }, []);
  return open ? <ProfileModal user={user} onClose={() => setOpen(false)} /> : null;
}
