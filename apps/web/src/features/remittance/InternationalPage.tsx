import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the remittance area is built (its issue replaces this page). */
export default function InternationalPage() {
  return <ComingSoon titleKey="nav.international" />;
}
