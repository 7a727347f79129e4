import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the data-pages area is built (its issue replaces this page). */
export default function DataPage() {
  return <ComingSoon titleKey="nav.history" />;
}
