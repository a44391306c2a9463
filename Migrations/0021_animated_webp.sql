-- Animated WebPs (issue 50) are animations too, as GIFs and APNGs became in 0020: WebPs are
-- read again by the next import (metadata_read back to 0), which finds which of them move.
UPDATE photos SET metadata_read = 0 WHERE format = 'webp';
