import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/use-session';
import { PortalDashboard } from '../components/portal-dashboard';
import { todayInManila } from '../today';

/**
 * The Employee Portal's dashboard, a route page of its own: its figures' component comes with the page (the
 * server names it among the route's preloads) instead of loading after the page has rendered.
 */
export default function PortalDashboardPage() {
  const user = useSession();
  return (
    <>
      <PageHeader
        title={`Hello, ${user?.name.split(' ')[0] ?? ''}`}
        subtitle={`${user?.company ?? ''} · ${todayInManila()}`}
      />
      <PortalDashboard />
    </>
  );
}
