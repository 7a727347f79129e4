import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the invoice area is built (its issue replaces this page). */
export default function InvoicePage() {
  return <ComingSoon titleKey="nav.history" />;
}
