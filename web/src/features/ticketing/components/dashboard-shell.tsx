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
import { CompanyManagement } from './company-management';
import { DashboardSidebar, type DashboardTab } from './dashboard-sidebar';
import { OverviewTab } from './overview-tab';
import { ReportsTab } from './reports-tab';
import { TicketsTab } from './tickets-tab';
import { UserManagement } from './user-management';

/** The locally saved tickets of the dashboard, dropped on logout so the next user never sees them. */
const ticketsCacheKey = 'dashboard-tickets';

export function DashboardShell() {
  const { user, role, signOut } = useAuth('ticketing');
  const { toast } = useToast();
  const navigate = useNavigate();
  const sidebar = useSidebar();
  const [tab, setTab] = useState<DashboardTab>('tickets');
  const [companyFilter, setCompanyFilter] = useState('');
  const tickets = useTickets(companyFilter);
  const companies = useCompanies();
  const people = useCompanyUsers();

  async function logout() {
    try {
      await signOut();
      localStorage.removeItem(ticketsCacheKey);
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
        <header className="sticky top-0 z-30 flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-navy-900">
          <button
            type="button"
            onClick={sidebar.toggle}
            aria-label="Toggle sidebar"
            aria-expanded={sidebar.isMobile ? sidebar.openMobile : sidebar.open}
            title="Toggle sidebar (Ctrl+B)"
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-navy-800"
          >
            <PanelLeft aria-hidden="true" className="h-5 w-5" />
          </button>
          <div className="min-w-0 flex-1">
            <h1 className="text-lg font-bold sm:text-xl">Security Dashboard</h1>
            <p className="text-sm break-words text-slate-600 dark:text-slate-300">Welcome back, {user?.name}</p>
          </div>
          <div className="order-last basis-full sm:order-none sm:basis-auto">
            <ThemeToggle />
          </div>
          <Button variant="outline" size="sm" onClick={() => void logout()}>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            Logout
          </Button>
        </header>
        <div className="flex-1 p-4 sm:p-6">
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
