import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the team area is built (its issue replaces this page). */
export default function AccountManagementPage() {
  return <ComingSoon titleKey="nav.accountManagement" />;
}
