import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the dashboard area is built (its issue replaces this page). */
export default function DashboardPage() {
  return <ComingSoon titleKey="nav.home" />;
}
