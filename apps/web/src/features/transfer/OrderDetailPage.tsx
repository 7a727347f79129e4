import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the transfer area is built (its issue replaces this page). */
export default function OrderDetailPage() {
  return <ComingSoon titleKey="nav.transfer" />;
}
