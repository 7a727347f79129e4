import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the withdraw area is built (its issue replaces this page). */
export default function WithdrawPage() {
  return <ComingSoon titleKey="nav.withdraw" />;
}
