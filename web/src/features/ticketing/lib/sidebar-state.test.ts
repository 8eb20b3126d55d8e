import { readSidebarOpen, sidebarCookie } from './sidebar-state';

describe('sidebar cookie', () => {
  it('keeps the open state for 7 days', () => {
    expect(sidebarCookie(false)).toBe('sidebar:state=false; path=/; max-age=604800');
  });

  it('reads the saved state, open by default', () => {
    expect(readSidebarOpen('')).toBe(true);
    expect(readSidebarOpen('theme=dark; sidebar:state=false')).toBe(false);
    expect(readSidebarOpen('sidebar:state=true')).toBe(true);
  });
});
