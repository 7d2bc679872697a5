-- Bidirectional controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C) are dropped from
-- names and single-line fields at input (lib/text/controls.ts); this drops those already stored,
-- so "invoice<U+202E>gnp.exe" stops reading as "invoiceexe.png" on staff screens and in exports.
UPDATE "leads" SET
  "first_name" = regexp_replace("first_name", E'[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g'),
  "last_name" = regexp_replace("last_name", E'[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g'),
  "preferred_name" = regexp_replace("preferred_name", E'[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g'),
  "state_province" = regexp_replace("state_province", E'[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g')
WHERE concat_ws(' ', "first_name", "last_name", "preferred_name", "state_province") ~ E'[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "prospects" SET
  "first_name" = regexp_replace("first_name", E'[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g'),
  "last_name" = regexp_replace("last_name", E'[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g')
WHERE concat_ws(' ', "first_name", "last_name") ~ E'[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]';
