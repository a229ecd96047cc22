#ifndef FEEDSHOT_CPANGOCAIRO_SHIM_H
#define FEEDSHOT_CPANGOCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>

/// PANGO_SCALE is a macro Swift cannot import as a constant.
static const int feedshot_pango_scale = PANGO_SCALE;

/// The font map as the fontconfig-backed map it is on Linux (a cast macro in C).
static inline PangoFcFontMap *feedshot_fc_font_map(PangoFontMap *map) {
    return PANGO_FC_FONT_MAP(map);
}

/// Whether the font map Pango created is fontconfig-backed.
static inline int feedshot_is_fc_font_map(PangoFontMap *map) {
    return PANGO_IS_FC_FONT_MAP(map);
}

/// The fontconfig property `object` (FC_FILE, FC_FAMILY) of a fontconfig-backed font, or NULL;
/// the string belongs to the font.
static inline const char *feedshot_fc_font_string(PangoFont *font, const char *object) {
    if (font == NULL || !PANGO_IS_FC_FONT(font)) return NULL;
    FcPattern *pattern = pango_fc_font_get_pattern(PANGO_FC_FONT(font));
    FcChar8 *value = NULL;
    if (pattern == NULL || FcPatternGetString(pattern, object, 0, &value) != FcResultMatch) return NULL;
    return (const char *)value;
}

/// A font's class, whose methods a back end may replace (PANGO_FONT_GET_CLASS, a macro in C).
static inline PangoFontClass *feedshot_font_class(PangoFont *font) {
    return PANGO_FONT_GET_CLASS(font);
}

#if defined(__GLIBC__)
#include <malloc.h>
/// Serve blocks up to `mmap_threshold` bytes from the heap and keep up to `trim_threshold` bytes of
/// freed memory for reuse (glibc's mallopt; a no-op elsewhere).
static inline void feedshot_tune_malloc(int mmap_threshold, int trim_threshold) {
    mallopt(M_MMAP_THRESHOLD, mmap_threshold);
    mallopt(M_TRIM_THRESHOLD, trim_threshold);
}
#else
static inline void feedshot_tune_malloc(int mmap_threshold, int trim_threshold) {}
#endif

#endif
