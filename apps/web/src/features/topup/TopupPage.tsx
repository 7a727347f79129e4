import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the topup area is built (its issue replaces this page). */
export default function TopupPage() {
  return <ComingSoon titleKey="nav.topup" />;
}
