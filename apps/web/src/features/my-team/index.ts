export { MyTeamOverviewPage } from "./MyTeamOverviewPage";
export { MyTeamReportsPage } from "./MyTeamReportsPage";
