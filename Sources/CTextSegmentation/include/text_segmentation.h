// Unicode text segmentation for line layout: line break opportunities (UAX #14, with the
// dictionaries for Thai and other scripts written without spaces), grapheme cluster
// boundaries (UAX #29), and runs of one script and one bidi level (UAX #24, UAX #9).
//
// ICU does the work. Its types stay inside the .c file: a Swift module that sees both
// Foundation (which bundles its own ICU) and the system ICU headers does not compile.
// All offsets are UTF-8 byte offsets into the text given.
#ifndef GALLERY_TEXT_SEGMENTATION_H
#define GALLERY_TEXT_SEGMENTATION_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Positions where a line may end, in increasing order, ending with `length`. `hard[i]` is 1
/// where the break is mandatory (after a line feed). Returns the number of positions, which
/// may exceed `capacity` (then only `capacity` were written: call again with more room), or
/// -1 if ICU failed.
int32_t ts_line_breaks(const char *utf8, int32_t length, const char *locale,
                       int32_t *offsets, uint8_t *hard, int32_t capacity);

/// Grapheme cluster boundaries after position 0, ending with `length`. Same return rule.
int32_t ts_grapheme_boundaries(const char *utf8, int32_t length, int32_t *offsets, int32_t capacity);

/// Runs of one script and one bidi embedding level, in logical order. For run i: it ends at
/// `ends[i]`, its script is the ISO 15924 tag packed big-endian ('Latn' = 0x4C61746E), its
/// level is `levels[i]` (odd: right-to-left). Characters of the Common and Inherited scripts
/// take the script of the run they are in. `base_direction`: 0 left-to-right, 1 right-to-left,
/// -1 from the first strong character. Same return rule.
int32_t ts_script_runs(const char *utf8, int32_t length, int base_direction,
                       int32_t *ends, uint32_t *scripts, uint8_t *levels, int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
