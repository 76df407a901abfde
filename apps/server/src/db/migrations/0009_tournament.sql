-- Placeholder until this feature adds its tables.
SELECT 1;
