#ifndef FEEDSHOT_CPANGOCAIRO_SHIM_H
#define FEEDSHOT_CPANGOCAIRO_SHIM_H

#include <cairo.h>
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

#endif
