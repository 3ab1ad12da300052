-- The billing reference of a posting's current featuring (`<posting id>:featured:<version>`, the
-- reference its `featured` unit was taken by), so a plan's end (PlanExpired's
-- featured_reference_ids) ends only the featuring that plan paid for, never a later round paid
-- from another plan. Null when the posting is not featured, and for featuring that began before
-- the reference was kept. Kept equal to prisma/schema.prisma.
ALTER TABLE "postings" ADD COLUMN "featured_reference" TEXT;
