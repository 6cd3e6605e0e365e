import { defineModule, provide } from '../module';
import { MyTeamService } from './my-team.service';
import { myTeamRoutes } from './my-team.routes';

declare module '../module' {
  interface Services {
    myTeam: MyTeamService;
  }
}

/** A manager's team: overview and reports. */
export const myTeamModule = defineModule({
  name: 'my-team',
  services: {
    myTeam: provide(['attendance', 'leave', 'request'], ({ attendance, leave, request }) => new MyTeamService({ attendance, leave, requests: request })),
  },
  routes: [myTeamRoutes],
});
