import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the dashboard area is built (its issue replaces this page). */
export default function NewsPage() {
  return <ComingSoon titleKey="nav.home" />;
}
