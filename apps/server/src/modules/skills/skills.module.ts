import { defineModule, provide } from '../module';
import { SkillService } from './skills.service';
import { skillRoutes } from './skills.routes';

declare module '../module' {
  interface Services {
    skills: SkillService;
  }
}

/** The skills catalogue and employees' levels. */
export const skillsModule = defineModule({
  name: 'skills',
  services: {
    skills: provide([], ({ clock }) => new SkillService({ clock })),
  },
  routes: [skillRoutes],
});
