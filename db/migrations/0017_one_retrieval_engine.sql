-- Issue 16: one retrieval engine. Chat searches its in-process index of knowledge_chunks; the
-- Postgres full-text column and its index served only tests and a benchmark.
DROP INDEX "knowledge_chunks_tsv_idx";--> statement-breakpoint
ALTER TABLE "knowledge_chunks" DROP COLUMN "tsv";