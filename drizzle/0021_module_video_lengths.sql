-- A module video given by its address had its length voted by the students' players: a length no
-- student can set any more. Forgotten, so the percentage shows '—' until the instructor's side gives
-- one ('Duración' in the module editor, which its player fills). An uploaded file keeps its own.
UPDATE "module" SET "video_duration_seconds" = NULL WHERE "video_id" IS NULL;
