import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the reports area is built (its issue replaces this page). */
export default function ReportPage() {
  return <ComingSoon titleKey="nav.report" />;
}
