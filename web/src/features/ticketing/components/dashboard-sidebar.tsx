import { useEffect, useRef } from 'react';
import { BarChart3, Building2, LayoutDashboard, ShieldCheck, Ticket, Users, X, type LucideIcon } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import type { SidebarState } from '../hooks/use-sidebar';

export type DashboardTab = 'dashboard' | 'tickets' | 'users' | 'companies' | 'reports';

type Item = { id: DashboardTab; label: string; Icon: LucideIcon; superAdminOnly: boolean };

const items: Item[] = [
  { id: 'dashboard', label: 'Dashboard', Icon: LayoutDashboard, superAdminOnly: false },
  { id: 'tickets', label: 'Tickets', Icon: Ticket, superAdminOnly: false },
  { id: 'users', label: 'User Management', Icon: Users, superAdminOnly: true },
  { id: 'companies', label: 'Company Management', Icon: Building2, superAdminOnly: true },
  { id: 'reports', label: 'Reports', Icon: BarChart3, superAdminOnly: false },
];

type SidebarProps = {
  sidebar: SidebarState;
  active: DashboardTab;
  onSelect: (tab: DashboardTab) => void;
  isSuperAdmin: boolean;
};

function SidebarNav({ active, onSelect, isSuperAdmin, iconOnly }: Omit<SidebarProps, 'sidebar'> & { iconOnly: boolean }) {
  return (
    <ul className="flex flex-col gap-1 p-2">
      {items.map(({ id, label, Icon, superAdminOnly }) => {
        const disabled = superAdminOnly && !isSuperAdmin;
        const current = id === active;
        return (
          <li key={id}>
            <button
              type="button"
              data-tab={id}
              disabled={disabled}
              aria-current={current ? 'page' : undefined}
              aria-label={iconOnly ? label : undefined}
              title={iconOnly ? label : undefined}
              onClick={() => onSelect(id)}
              className={cn(
                'flex w-full items-center gap-3 rounded-md px-2.5 py-2 text-left max-md:min-h-11 text-sm font-medium transition-colors',
                current
                  ? 'bg-brand-700 text-white'
                  : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-navy-800',
                disabled && 'cursor-not-allowed opacity-40 hover:bg-transparent dark:hover:bg-transparent',
              )}
            >
              <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
              {!iconOnly && <span className="truncate">{label}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function Brand({ iconOnly }: { iconOnly: boolean }) {
  return (
    <div className="flex h-14 items-center gap-2 border-b border-slate-200 px-3 dark:border-slate-800">
      <ShieldCheck aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-700 dark:text-brand-400" />
      {!iconOnly && <span className="truncate font-semibold">Secure Ticketing</span>}
    </div>
  );
}

/** 16rem on desktop, 3rem in icon mode; an 18rem offcanvas drawer below 768px. */
export function DashboardSidebar({ sidebar, active, onSelect, isSuperAdmin }: SidebarProps) {
  const drawerRef = useRef<HTMLDivElement>(null);
  const { isMobile, open, openMobile, setOpenMobile } = sidebar;

  useEffect(() => {
    if (!isMobile || !openMobile) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    drawerRef.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') setOpenMobile(false);
      if (event.key !== 'Tab' || !drawerRef.current) return;
      // A modal drawer keeps Tab inside itself.
      const focusable = [...drawerRef.current.querySelectorAll<HTMLButtonElement>('button:not([disabled])')];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const inside = drawerRef.current.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      if (opener?.isConnected) opener.focus();
    };
  }, [isMobile, openMobile, setOpenMobile]);

  if (isMobile) {
    if (!openMobile) return null;
    return (
      <div className="fixed inset-0 z-50">
        <div aria-hidden="true" className="absolute inset-0 bg-black/50" onClick={() => setOpenMobile(false)} />
        <div
          ref={drawerRef}
          role="dialog"
          aria-modal="true"
          aria-label="Sidebar"
          className="absolute inset-y-0 left-0 flex w-[18rem] flex-col bg-white shadow-xl dark:bg-navy-900"
        >
          <div className="flex items-center justify-between border-b border-slate-200 pr-2 dark:border-slate-800 [&>div]:border-b-0">
            <Brand iconOnly={false} />
            <button
              type="button"
              onClick={() => setOpenMobile(false)}
              aria-label="Close sidebar"
              className="inline-flex h-11 w-11 items-center justify-center rounded text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-navy-800"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </button>
          </div>
          <nav aria-label="Dashboard">
            <SidebarNav
              active={active}
              isSuperAdmin={isSuperAdmin}
              iconOnly={false}
              onSelect={(tab) => {
                onSelect(tab);
                setOpenMobile(false);
              }}
            />
          </nav>
          <div className="mt-auto border-t border-slate-200 p-3 min-[480px]:hidden dark:border-slate-800">
            <ThemeToggle />
          </div>
        </div>
      </div>
    );
  }

  return (
    <aside
      data-state={open ? 'expanded' : 'collapsed'}
      className={cn(
        'sticky top-0 flex h-screen shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] duration-200 dark:border-slate-800 dark:bg-navy-900',
        open ? 'w-[16rem]' : 'w-[3rem]',
      )}
    >
      <Brand iconOnly={!open} />
      <nav aria-label="Dashboard" className={cn(!open && '[&_ul]:p-1')}>
        <SidebarNav active={active} onSelect={onSelect} isSuperAdmin={isSuperAdmin} iconOnly={!open} />
      </nav>
    </aside>
  );
}
