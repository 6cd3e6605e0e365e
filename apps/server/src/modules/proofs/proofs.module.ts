import { defineModule, provide } from '../module';
import { ProofService } from './proofs.service';
import { TeamReviewService } from './team-review.service';
import { proofRoutes } from './proofs.routes';

declare module '../module' {
  interface Services {
    proofs: ProofService;
    teamReview: TeamReviewService;
  }
}

/** Proof of investment, its files, and the team review of declarations and proofs. */
export const proofsModule = defineModule({
  name: 'proofs',
  services: {
    proofs: provide(
      ['taxWindows', 'declarations', 'declarationComments', 'payrollLocks'],
      ({ clock, files, taxWindows, declarations, declarationComments, payrollLocks }) =>
        new ProofService({ clock, files, windows: taxWindows, declarations, comments: declarationComments, locks: payrollLocks }),
    ),
    teamReview: provide(
      ['declarations', 'proofs', 'payrollLocks'],
      ({ clock, declarations, proofs, payrollLocks }) => new TeamReviewService({ clock, declarations, proofs, locks: payrollLocks }),
    ),
  },
  routes: [proofRoutes],
});
