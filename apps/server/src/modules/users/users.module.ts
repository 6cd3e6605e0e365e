import { defineModule, provide } from '../module';
import { UserService } from './users.service';
import { userRoutes } from './users.routes';

declare module '../module' {
  interface Services {
    users: UserService;
  }
}

/** Users: the list, invitations, roles, removal. */
export const usersModule = defineModule({
  name: 'users',
  services: {
    users: provide(
      ['employee', 'userSettings'],
      ({ clock, files, employee, userSettings }) => new UserService({ clock, files, employees: employee, userSettings }),
    ),
  },
  routes: [userRoutes],
  jobs: ({ uow, queue, services }) => {
    uow.defineGlobalJob(queue, 'users.removed', (scope, data) => services.users.cleanUpRemoved(scope, data));
  },
});
