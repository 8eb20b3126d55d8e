export const sidebarCookieName = 'sidebar:state';
export const sidebarCookieMaxAge = 60 * 60 * 24 * 7;
export const mobileBreakpoint = 768;

export function sidebarCookie(open: boolean): string {
  return `${sidebarCookieName}=${open}; path=/; max-age=${sidebarCookieMaxAge}`;
}

/** The saved open state from document.cookie; open when nothing was saved. */
export function readSidebarOpen(cookie: string): boolean {
  const entry = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${sidebarCookieName}=`));
  return entry ? entry.slice(sidebarCookieName.length + 1) !== 'false' : true;
}
