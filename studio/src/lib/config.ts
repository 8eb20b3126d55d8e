// Injected into index.html by the gateway, which serves the page only to a browser it lets into the studio.
type StudioConfig = { anonKey: string; serviceRoleKey: string };

declare global {
  interface Window {
    __STUDIO_CONFIG__?: StudioConfig;
  }
}

export const config: StudioConfig = window.__STUDIO_CONFIG__ ?? { anonKey: '', serviceRoleKey: '' };
export const apiUrl = window.location.origin;
