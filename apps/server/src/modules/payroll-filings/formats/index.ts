import type { FilingFormat } from './filing-format';
import { ecrFormat } from './ecr.format';
import { esicFormat } from './esic.format';
import { professionalTaxFormat } from './professional-tax.format';
import { lwfFormat } from './lwf.format';
import { journalFormat } from './journal.format';

/**
 * The files of a finalized month, in the order the Statutory files card lists them. A new format is
 * its own `<name>.format.ts` here and one line below: the overview, the download routes and the web's
 * card read this list. (Form 24Q is per quarter, not per month's run: its own routes and card.)
 */
export const FILING_FORMATS: readonly FilingFormat[] = [ecrFormat, esicFormat, professionalTaxFormat, lwfFormat, journalFormat];

