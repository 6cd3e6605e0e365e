import { RequireFeature } from '../../app/guards/RequireFeature';
import { MyRequestsPanel } from './MyRequestsPanel';

/** /attendance/requests (people spec §2.3): the signed-in user's regularization requests; a premium feature (§6). */
export function RequestsPage() {
  return (
    <RequireFeature feature="AttendanceRequests">
      <MyRequestsPanel title="Attendance Requests" />
    </RequireFeature>
  );
}
