-- What stands on a template (a posting) or a step (an application), one row per reference, so
-- MarkTemplateInUse and MarkStepInUse are idempotent: +1 twice with one reference counts once,
-- -1 for a reference that never counted changes nothing. in_use stays the count of these rows.
CREATE TABLE "template_usages" (
    "template_id" UUID NOT NULL,
    "reference_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "template_usages_pkey" PRIMARY KEY ("template_id", "reference_id"),
    CONSTRAINT "template_usages_template_id_fkey" FOREIGN KEY ("template_id") REFERENCES "templates"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "step_usages" (
    "step_id" UUID NOT NULL,
    "reference_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "step_usages_pkey" PRIMARY KEY ("step_id", "reference_id"),
    CONSTRAINT "step_usages_step_id_fkey" FOREIGN KEY ("step_id") REFERENCES "steps"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
