import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LogOut, PanelLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useCompanies } from '../hooks/use-companies';
import { useCompanyUsers } from '../hooks/use-company-users';
import { useSidebar } from '../hooks/use-sidebar';
import { useTickets } from '../hooks/use-tickets';
import { clearCachedTickets } from '../lib/tickets-cache';
import { CompanyManagement } from './company-management';
import { DashboardSidebar, type DashboardTab } from './dashboard-sidebar';
import { OverviewTab } from './overview-tab';
import { ReportsTab } from './reports-tab';
import { TicketsTab } from './tickets-tab';
import { UserManagement } from './user-management';

export function DashboardShell() {
  const { user, role, signOut } = useAuth('ticketing');
  const { toast } = useToast();
  const navigate = useNavigate();
  const sidebar = useSidebar();
  const [tab, setTab] = useState<DashboardTab>('tickets');
  const [companyFilter, setCompanyFilter] = useState('');
  const tickets = useTickets(companyFilter, user?.id ?? '');
  const companies = useCompanies();
  const people = useCompanyUsers();
  const welcome = `Welcome back, ${user?.name ?? ''}`;

  async function logout() {
    try {
      clearCachedTickets();
      await signOut();
      toast({ title: 'Logged out successfully', variant: 'success' });
      navigate(paths.login, { replace: true });
    } catch {
      toast({ title: 'Failed to logout. Please try again.', variant: 'destructive' });
    }
  }

  return (
    <div className="flex min-h-screen bg-slate-50 dark:bg-navy-950">
      <DashboardSidebar sidebar={sidebar} active={tab} onSelect={setTab} isSuperAdmin={role === 'super-admin'} />
      <div className="flex min-w-0 flex-1 flex-col">
        {/* Below 480px the header is one row under 64px: the theme switch moves into the sidebar drawer. */}
        <header className="sticky top-0 z-30 flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 min-[480px]:flex-wrap min-[480px]:gap-x-3 min-[480px]:px-4 min-[480px]:py-3 dark:border-slate-800 dark:bg-navy-900">
          <button
            type="button"
            onClick={sidebar.toggle}
            aria-label="Toggle sidebar"
            aria-expanded={sidebar.isMobile ? sidebar.openMobile : sidebar.open}
            title="Toggle sidebar (Ctrl+B)"
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 sm:h-9 sm:w-9 dark:text-slate-300 dark:hover:bg-navy-800"
          >
            <PanelLeft aria-hidden="true" className="h-5 w-5" />
          </button>
          <div className="min-w-0 flex-1">
            <h1 className="text-base font-bold min-[480px]:text-lg sm:text-xl">Security Dashboard</h1>
            <p
              title={welcome}
              className="truncate text-xs text-slate-600 min-[480px]:whitespace-normal min-[480px]:break-words min-[480px]:text-sm dark:text-slate-300"
            >
              {welcome}
            </p>
          </div>
          <div className="order-last hidden basis-full min-[480px]:block sm:order-none sm:basis-auto">
            <ThemeToggle />
          </div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void logout()}
            aria-label="Logout"
            className="h-11 w-11 shrink-0 px-0 min-[480px]:h-auto min-[480px]:w-auto min-[480px]:px-3"
          >
            <LogOut aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only min-[480px]:not-sr-only">Logout</span>
          </Button>
        </header>
        <div className="flex-1 p-4 sm:p-6 lg:px-4">
          {tab === 'dashboard' && (
            <OverviewTab tickets={tickets.tickets} companyCount={companies.companies.length} peopleCount={people.companyUsers.length} />
          )}
          {tab === 'tickets' && (
            <TicketsTab
              tickets={tickets.tickets}
              loading={tickets.loading}
              companies={companies.companies}
              companyUsers={people.companyUsers}
              companyFilter={companyFilter}
              onCompanyFilterChange={setCompanyFilter}
              refetch={tickets.refetch}
            />
          )}
          {tab === 'users' && <UserManagement role={role} />}
          {tab === 'companies' && (
            <CompanyManagement
              role={role}
              companies={companies.companies}
              loading={companies.loading}
              refetch={companies.refetch}
              companyUsers={people.companyUsers}
              refetchCompanyUsers={people.refetch}
            />
          )}
          {tab === 'reports' && <ReportsTab role={role} tickets={tickets.tickets} />}
        </div>
      </div>
    </div>
  );
}
