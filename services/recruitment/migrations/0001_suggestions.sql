-- The form suggestions; kept equal to prisma/schema.prisma. Rows come from data/*.json, loaded
-- at start (src/db/suggestion-store.ts), so this migration holds no data.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE "suggestions" (
    "category" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "title_en" TEXT,
    "parent_category" TEXT,
    "parent_id" TEXT,
    "position" INTEGER NOT NULL,
    "search_text" TEXT NOT NULL,
    CONSTRAINT "suggestions_pkey" PRIMARY KEY ("category", "id")
);

-- Typo tolerance (word similarity) and infix LIKE on the folded text.
CREATE INDEX "suggestions_search_text_trgm_idx" ON "suggestions" USING gin ("search_text" gin_trgm_ops);
