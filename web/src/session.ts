// Who is signed in, and the session's effects on the page (time zone, theme).
import { api, bootstrap, describe } from './api.js';
import { setTimeZone } from './format.js';
import { navigate } from './router.js';
import { me } from './state.js';

export async function signOut(): Promise<void> {
  try {
    await api('POST /api/auth/logout');
  } catch (err) {
    alert(describe(err));
    return;
  }
  me.set(null);
  await bootstrap();
  navigate('/entrar');
}

export async function refreshMe(): Promise<void> {
  try {
    const { user } = await api('GET /api/me');
    me.set(user);
    const { profile } = await api('GET /api/account/profile');
    setTimeZone(profile.timeZone);
    applyTheme(profile.theme);
  } catch {
    me.set(null);
  }
}

/** The profile's theme; "system" removes the attribute so that the system's choice applies. */
export function applyTheme(theme: string): void {
  const root = document.documentElement;
  if (theme === 'dark' || theme === 'light') root.dataset.theme = theme;
  else delete root.dataset.theme;
}
