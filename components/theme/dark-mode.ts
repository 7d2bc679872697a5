// The theme choice lives in localStorage under `darkMode` ('true' / 'false').
export const DARK_MODE_KEY = 'darkMode';

/** Runs in <head> before the first paint so a dark page never flashes light. */
export const THEME_BOOT_SCRIPT = `try{if(localStorage.getItem('${DARK_MODE_KEY}')==='true')document.documentElement.classList.add('dark')}catch(e){}`;

export function isDarkMode(): boolean {
  return document.documentElement.classList.contains('dark');
}

export function setDarkMode(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
  try {
    localStorage.setItem(DARK_MODE_KEY, String(dark));
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
}
