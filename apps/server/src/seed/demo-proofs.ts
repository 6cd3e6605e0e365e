import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { dateInZone, financialYearStartOf } from '@tankha/domain';
import type { Db } from '../db/client';
import { files, taxDeclarationComments, taxDeclarationDeductions, taxDeclarationProofs, taxDeclarations, users } from '../db/schema';
import type { FileStorage } from '../platform/files/file-storage';
import { DEMO_DOMAIN, DEMO_LOGINS } from './demo-logins';

/** A one-page PDF as a proof's stand-in. */
const proofPdf = (title: string) => Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n% ${title}\ntrailer<<>>\n%%EOF\n`);

interface DemoClaim {
  email: string;
  /** Catalogue items: [itemId, declared, actual] in rupees. */
  items: [number, number, number][];
  /** Reviewed: allowed amounts (rupees, per item) and the declaration approved. */
  allowed?: number[];
  employeeComment: string;
  reviewerComment: string;
}

const CLAIMS: DemoClaim[] = [
  {
    email: DEMO_LOGINS.manager,
    items: [
      [101, 150000, 150000],
      [201, 25000, 25000],
    ],
    allowed: [150000, 25000],
    employeeComment: 'PPF passbook and the health insurance premium receipt attached.',
    reviewerComment: 'Verified against the passbook and the policy schedule.',
  },
  {
    email: `priya.iyer@${DEMO_DOMAIN}`,
    items: [
      [101, 100000, 90000],
      [102, 30000, 30000],
    ],
    allowed: [80000, 30000],
    employeeComment: 'The April deposit is in the second page of the passbook.',
    reviewerComment: 'Only ₹80,000 is visible in the passbook; ₹80,000 allowed.',
  },
  {
    email: `arjun.mehta@${DEMO_DOMAIN}`,
    items: [[102, 50000, 50000]],
    employeeComment: 'ELSS statement from the fund house attached.',
    reviewerComment: 'Checking the statement.',
  },
];

/**
 * Demo proofs of investment: three employees with a submitted declaration and
 * submitted proofs (a PDF per item, stored like any upload), one thread each, two of them reviewed
 * (one allowed in part, approved). Declarations already there are left alone. No window is released:
 * the Lock / Unlock page starts as a new organisation's would.
 */
export async function seedDemoProofs(db: Db, tenantId: string, now: Date, storage: FileStorage): Promise<void> {
  const year = financialYearStartOf(dateInZone(now, 'Asia/Kolkata'));
  const people = await db.select({ id: users.id, email: users.email }).from(users).where(and(eq(users.tenantId, tenantId), inArray(users.email, [...CLAIMS.map((c) => c.email), DEMO_LOGINS.administrator])));
  const idOf = new Map(people.map((p) => [p.email, p.id]));
  const reviewer = idOf.get(DEMO_LOGINS.administrator);
  if (!reviewer) return;
  for (const claim of CLAIMS) {
    const userId = idOf.get(claim.email);
    if (!userId) continue;
    const reviewed = claim.allowed !== undefined;
    const [declaration] = await db
      .insert(taxDeclarations)
      .values({
        tenantId,
        userId,
        financialYearStart: year,
        status: reviewed ? 4 : 1,
        regime: 0,
        isDraft: false,
        isSubmitted: true,
        submittedAt: now,
        submittedBy: userId,
        isPoiFormSubmitted: true,
        poiSubmittedAt: now,
        poiStatus: reviewed ? 4 : 1,
        ...(reviewed ? { proofsReviewedAt: now, proofsReviewedBy: reviewer, statusChangedAt: now, statusChangedBy: reviewer } : {}),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: taxDeclarations.id });
    if (!declaration) continue;
    for (const [i, [itemId, declared, actual]] of claim.items.entries()) {
      const allowed = claim.allowed?.[i];
      const [row] = await db
        .insert(taxDeclarationDeductions)
        .values({
          tenantId,
          declarationId: declaration.id,
          seq: i,
          categoryId: Math.floor(itemId / 100),
          deductionItemId: itemId,
          declaredAmountPaise: declared * 100,
          actualAmountPaise: actual * 100,
          allowedAmountPaise: allowed === undefined ? null : allowed * 100,
          isPoiSubmitted: true,
          isApproved: allowed === undefined ? null : true,
        })
        .returning({ id: taxDeclarationDeductions.id });
      if (!row) continue;
      const bytes = proofPdf(`proof ${String(itemId)}`);
      const storageKey = `proofs/${tenantId}/${randomUUID()}.pdf`;
      await storage.putPending(storageKey, bytes);
      await storage.promote(storageKey);
      const [file] = await db
        .insert(files)
        .values({ tenantId, storageKey, kind: 'poi-proof', mimeType: 'application/pdf', sizeBytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), originalName: `proof-${String(itemId)}.pdf`, createdAt: now })
        .returning({ id: files.id });
      if (!file) continue;
      await db.insert(taxDeclarationProofs).values({ tenantId, declarationId: declaration.id, itemId: row.id, documentType: 0, fileId: file.id, uploadedBy: userId, createdAt: now });
      if (i > 0) continue;
      const [first] = await db
        .insert(taxDeclarationComments)
        .values({ tenantId, declarationId: declaration.id, itemId: row.id, comments: claim.employeeComment, createdBy: userId, createdAt: now, updatedAt: now })
        .returning({ id: taxDeclarationComments.id });
      const later = new Date(now.getTime() + 60_000);
      await db.insert(taxDeclarationComments).values({ tenantId, declarationId: declaration.id, itemId: row.id, parentCommentId: first?.id ?? null, comments: claim.reviewerComment, createdBy: reviewer, createdAt: later, updatedAt: later });
    }
  }
}
