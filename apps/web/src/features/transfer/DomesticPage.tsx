import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the transfer area is built (its issue replaces this page). */
export default function DomesticPage() {
  return <ComingSoon titleKey="nav.domestic" />;
}
