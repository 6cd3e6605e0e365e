import { TeamLeavesView } from './TeamLeavesView';

/** /my-team/leaves: the team's leave, pending decisions first. */
export function TeamLeavesPage() {
  return <TeamLeavesView title="Team Leaves" />;
}
