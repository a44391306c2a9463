-- A masonry item now keeps the height of the photos above it in its column (`photo top`), so a
-- page can draw a band's layout at any width of the band (the grid fills every screen). Its
-- chunks are another size: masonry layouts stored before are dropped, and each is computed
-- again, with the new field, the first time it is asked for. The migrator runs with foreign
-- keys off, so their columns and chunks are deleted here too; the `layouts_deleted` trigger
-- drops their chunks' bounds.
DELETE FROM layout_chunks WHERE layout_id IN (SELECT id FROM layouts WHERE kind = 'masonry');
DELETE FROM masonry_layouts;
DELETE FROM layouts WHERE kind = 'masonry';
