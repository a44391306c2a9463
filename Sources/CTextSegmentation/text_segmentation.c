#include "text_segmentation.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/utext.h>
#include <unicode/utf8.h>

static int32_t ts_breaks(UBreakIteratorType type, const char *utf8, int32_t length, const char *locale,
                         int32_t *offsets, uint8_t *hard, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UText text = UTEXT_INITIALIZER;
    utext_openUTF8(&text, utf8, length, &status);
    if (U_FAILURE(status)) return -1;
    UBreakIterator *iterator = ubrk_open(type, locale, NULL, 0, &status);
    if (U_FAILURE(status)) {
        utext_close(&text);
        return -1;
    }
    ubrk_setUText(iterator, &text, &status);
    if (U_FAILURE(status)) {
        ubrk_close(iterator);
        utext_close(&text);
        return -1;
    }
    int32_t count = 0;
    for (int32_t position = ubrk_next(iterator); position != UBRK_DONE; position = ubrk_next(iterator)) {
        if (count < capacity) {
            offsets[count] = position;
            if (hard) {
                // UBRK_LINE_HARD: the rule status of mandatory breaks (after LF, CR, NEL...).
                int32_t rule = ubrk_getRuleStatus(iterator);
                hard[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
            }
        }
        count++;
    }
    ubrk_close(iterator);
    utext_close(&text);
    return count;
}

int32_t ts_line_breaks(const char *utf8, int32_t length, const char *locale,
                       int32_t *offsets, uint8_t *hard, int32_t capacity) {
    return ts_breaks(UBRK_LINE, utf8, length, locale ? locale : "", offsets, hard, capacity);
}

int32_t ts_grapheme_boundaries(const char *utf8, int32_t length, int32_t *offsets, int32_t capacity) {
    return ts_breaks(UBRK_CHARACTER, utf8, length, "", offsets, NULL, capacity);
}

static uint32_t ts_tag(UScriptCode code) {
    UErrorCode status = U_ZERO_ERROR;
    const char *name = uscript_getShortName(code);
    (void)status;
    if (!name || strlen(name) != 4) return 0x5A797979;  // 'Zyyy', Common
    return ((uint32_t)(unsigned char)name[0] << 24) | ((uint32_t)(unsigned char)name[1] << 16) |
           ((uint32_t)(unsigned char)name[2] << 8) | (uint32_t)(unsigned char)name[3];
}

int32_t ts_script_runs(const char *utf8, int32_t length, int base_direction,
                       int32_t *ends, uint32_t *scripts, uint8_t *levels, int32_t capacity) {
    if (length <= 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    int32_t utf16_length = 0;
    u_strFromUTF8(NULL, 0, &utf16_length, utf8, length, &status);
    if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return -1;
    status = U_ZERO_ERROR;
    UChar *utf16 = malloc(sizeof(UChar) * (size_t)(utf16_length + 1));
    if (!utf16) return -1;
    u_strFromUTF8(utf16, utf16_length + 1, NULL, utf8, length, &status);
    if (U_FAILURE(status)) {
        free(utf16);
        return -1;
    }
    UBiDi *bidi = ubidi_open();
    UBiDiLevel paragraph = base_direction == 0 ? 0 : (base_direction == 1 ? 1 : UBIDI_DEFAULT_LTR);
    ubidi_setPara(bidi, utf16, utf16_length, paragraph, NULL, &status);
    const UBiDiLevel *bidi_levels = U_SUCCESS(status) ? ubidi_getLevels(bidi, &status) : NULL;
    if (U_FAILURE(status) || !bidi_levels) {
        ubidi_close(bidi);
        free(utf16);
        return -1;
    }

    // One pass over code points: resolve Common/Inherited to the surrounding script, and cut
    // a run where the script or the level changes.
    int32_t count = 0;
    int32_t i8 = 0, i16 = 0;
    UScriptCode run_script = USCRIPT_COMMON;
    uint8_t run_level = 0;
    int have_run = 0;
    while (i8 < length) {
        UChar32 c;
        int32_t start8 = i8;
        U8_NEXT(utf8, i8, length, c);
        if (c < 0) c = 0xFFFD;
        uint8_t level = bidi_levels[i16];
        i16 += U16_LENGTH(c);
        UScriptCode script = uscript_getScript(c, &status);
        if (U_FAILURE(status)) script = USCRIPT_COMMON;
        status = U_ZERO_ERROR;
        int neutral = (script == USCRIPT_COMMON || script == USCRIPT_INHERITED);
        if (!have_run) {
            run_script = neutral ? USCRIPT_COMMON : script;
            run_level = level;
            have_run = 1;
            continue;
        }
        if (level == run_level && (neutral || script == run_script || run_script == USCRIPT_COMMON)) {
            if (run_script == USCRIPT_COMMON && !neutral) run_script = script;
            continue;
        }
        if (count < capacity) {
            ends[count] = start8;
            scripts[count] = ts_tag(run_script);
            levels[count] = run_level;
        }
        count++;
        run_script = neutral ? USCRIPT_COMMON : script;
        run_level = level;
    }
    if (count < capacity) {
        ends[count] = length;
        scripts[count] = ts_tag(run_script);
        levels[count] = run_level;
    }
    count++;
    ubidi_close(bidi);
    free(utf16);
    return count;
}
