import { defineModule, provide } from '../module';
import { DeclarationCommentService } from './declaration-comments.service';
import { declarationCommentRoutes } from './declaration-comments.routes';

declare module '../module' {
  interface Services {
    declarationComments: DeclarationCommentService;
  }
}

/** Item comments on declarations and proofs, with replies. */
export const declarationCommentsModule = defineModule({
  name: 'declaration-comments',
  services: {
    declarationComments: provide(['declarations'], ({ clock, declarations }) => new DeclarationCommentService({ clock, declarations })),
  },
  routes: [declarationCommentRoutes],
});
