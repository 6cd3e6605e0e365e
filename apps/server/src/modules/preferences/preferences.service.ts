import { Role, SENDER_EMAIL_MSG, type SenderContact, type SenderEmailPreferences, type SenderEmailPreferencesInput } from '@tankha/contracts';
import type { Clock } from '../../platform/clock';
import { badRequest } from '../../platform/errors';
import type { Scope, TenantScope } from '../../platform/tenancy';
import * as repo from './preferences.repo';

function toContact(row: repo.ContactRow): SenderContact {
  return { userId: row.userId, name: `${row.firstName} ${row.lastName}`.trim(), email: row.email, roleId: row.roleId };
}

/**
 * Settings > Preferences > Sender Email Preferences (payroll spec §1): the organisation's primary
 * contact, whom reminder e-mails come from. The contact must be an active Administrator or
 * Moderator; when none was chosen, or the chosen one left the role or the organisation, the
 * longest-standing active Administrator is the contact, so reminders always have a sender.
 */
export class PreferencesService {
  constructor(private readonly deps: { clock: Clock }) {}

  async senderEmail({ db: tdb }: Scope): Promise<SenderEmailPreferences> {
    const contacts = await repo.findEligibleContacts(tdb);
    const chosenId = await repo.findChosenContactId(tdb);
    const chosen = contacts.find((c) => c.userId === chosenId);
    const fallback = contacts.find((c) => c.roleId === Role.Administrator) ?? null;
    const primary = chosen ?? fallback;
    return { primaryContact: primary ? toContact(primary) : null, isChosen: chosen !== undefined, contacts: contacts.map(toContact) };
  }

  async saveSenderEmail(scope: Scope, input: SenderEmailPreferencesInput): Promise<SenderEmailPreferences> {
    const contacts = await repo.findEligibleContacts(scope.db);
    // Another organisation's user, a member, an inactive person: one answer, which says nothing about who exists elsewhere.
    if (!contacts.some((c) => c.userId === input.primaryContactUserId)) throw badRequest(SENDER_EMAIL_MSG.contactNotEligible, { primaryContactUserId: SENDER_EMAIL_MSG.contactNotEligible });
    await repo.upsertChosenContact(scope.db, input.primaryContactUserId, scope.ctx.userId, this.deps.clock.now());
    return this.senderEmail(scope);
  }

  /** The sender of the organisation's reminder e-mails (jobs call this too), or null when it has no active Administrator. */
  async primaryContact({ db: tdb }: TenantScope): Promise<SenderContact | null> {
    const contacts = await repo.findEligibleContacts(tdb);
    const chosenId = await repo.findChosenContactId(tdb);
    const contact = contacts.find((c) => c.userId === chosenId) ?? contacts.find((c) => c.roleId === Role.Administrator);
    return contact ? toContact(contact) : null;
  }
}
