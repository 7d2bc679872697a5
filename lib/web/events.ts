// Window events that let any part of the page open the app's dialogs.
export const OPEN_LOGIN_EVENT = 'lantern:open-login';
export const OPEN_PROFILE_EVENT = 'lantern:open-profile';

export function openLoginDialog(): void {
  window.dispatchEvent(new Event(OPEN_LOGIN_EVENT));
}

export function openProfileModal(): void {
  window.dispatchEvent(new Event(OPEN_PROFILE_EVENT));
}
