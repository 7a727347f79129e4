import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the account area is built (its issue replaces this page). */
export default function ChangePasswordPage() {
  return <ComingSoon titleKey="nav.account" />;
}
