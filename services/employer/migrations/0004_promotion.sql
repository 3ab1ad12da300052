-- Promotion has two sources, kept apart: the operator's switch (`npm run promote`, for
-- exceptions) and the active plan that includes promotion (billing.plan.v1, by its purchased
-- plan id). is_promoted, which the home page's and the company list's queries read, stays the
-- column that says either. Kept equal to prisma/schema.prisma.
ALTER TABLE "employers" ADD COLUMN "promoted_by_operator" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "employers" ADD COLUMN "promoted_by_plan_id" UUID;
-- Until now only the operator promoted.
UPDATE "employers" SET "promoted_by_operator" = "is_promoted";
