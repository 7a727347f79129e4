import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the paylink area is built (its issue replaces this page). */
export default function PayPage() {
  return <ComingSoon titleKey="nav.requestPayment" />;
}
