/*
 * The oracle for MessageKitDateFormat's expected texts (Tests/FeedshotLayoutTests/MessageKitFidelityTests.swift):
 * ICU itself, as the Swift toolchain ships it (lib_FoundationICU, ICU 76 — the ICU iOS 26 formats with),
 * formatting as iOS's CFDateFormatter asks it to, not as Linux Foundation does (which ignores
 * doesRelativeDateFormatting).
 *
 *   gcc scripts/icu-messagekit-dates.c -o /tmp/icu-dates -L/opt/swift/usr/lib/swift/linux -l_FoundationICU \
 *       -Wl,-rpath,/opt/swift/usr/lib/swift/linux && /tmp/icu-dates
 *
 * Prints, per bundled language: today and yesterday (relative formatting is against the machine's
 * clock, so the times are now's) with UDAT_SHORT_RELATIVE and UDISPCTX_CAPITALIZATION_FOR_UI_LIST_OR_MENU
 * (CFDateFormatter's choice for relative dates), the short time pattern, and MessageKit's three fixed
 * patterns for 2026-12-03T10:00Z, 2026-11-27T09:22Z and 2025-11-05T10:02Z in UTC.
 */
#include <stdint.h>
#include <stdio.h>
#include <time.h>

typedef uint16_t UChar;
typedef int UErrorCode;
typedef void UDateFormat;
UDateFormat *swift_udat_open(int, int, const char *, const UChar *, int32_t, const UChar *, int32_t, UErrorCode *);
int32_t swift_udat_format(const UDateFormat *, double, UChar *, int32_t, void *, UErrorCode *);
int32_t swift_udat_toPattern(const UDateFormat *, int, UChar *, int32_t, UErrorCode *);
void swift_udat_setContext(UDateFormat *, int, UErrorCode *);
void swift_udat_close(UDateFormat *);

enum { SHORT = 3, NONE = -1, PATTERN = -2, RELATIVE = 128, UI_LIST_OR_MENU = 0x103 };

/* UTF-16 to UTF-8 (BMP only), spaces other than U+0020 and marks shown as \u{…}. */
static void print(const UChar *s, int n) {
    for (int i = 0; i < n; i++) {
        unsigned c = s[i];
        if (c < 128) putchar((int)c);
        else if (c == 0x202F || c == 0xA0 || c == 0x200E || c == 0x200F || c == 0x2019) printf("\\u{%X}", c);
        else if (c < 0x800) { putchar(0xC0 | (c >> 6)); putchar(0x80 | (c & 63)); }
        else { putchar(0xE0 | (c >> 12)); putchar(0x80 | ((c >> 6) & 63)); putchar(0x80 | (c & 63)); }
    }
}

static void format(UDateFormat *f, double date) {
    UChar out[256];
    UErrorCode status = 0;
    int n = swift_udat_format(f, date, out, 256, NULL, &status);
    printf(" \"");
    print(out, n);
    printf("\"");
}

int main(void) {
    const char *locales[] = {"en_US", "de_DE", "es_ES", "fr_FR", "he_IL", "ja_JP", "ko_KR", "pt_BR", "zh_CN", "ar_EG", NULL};
    const char *patterns[] = {"EEEE h:mm a", "E, d MMM, h:mm a", "MMM d, yyyy, h:mm a"};
    const double dates[] = {1796292000000.0, 1795771320000.0, 1762336920000.0};
    const UChar utc[] = {'U', 'T', 'C', 0};
    const double now = (double)time(NULL) * 1000.0;
    for (int i = 0; locales[i]; i++) {
        UErrorCode status = 0;
        printf("%s:", locales[i]);
        UDateFormat *relative = swift_udat_open(SHORT, SHORT | RELATIVE, locales[i], utc, 3, NULL, 0, &status);
        swift_udat_setContext(relative, UI_LIST_OR_MENU, &status);
        format(relative, now);
        format(relative, now - 86400000.0);
        swift_udat_close(relative);
        UDateFormat *time = swift_udat_open(SHORT, NONE, locales[i], utc, 3, NULL, 0, &status);
        UChar pattern[64];
        int n = swift_udat_toPattern(time, 0, pattern, 64, &status);
        printf(" time \"");
        print(pattern, n);
        printf("\"");
        swift_udat_close(time);
        for (int p = 0; p < 3; p++) {
            UChar text[64];
            int length = 0;
            for (const char *c = patterns[p]; *c; c++) text[length++] = (UChar)*c;
            UDateFormat *fixed = swift_udat_open(PATTERN, PATTERN, locales[i], utc, 3, text, length, &status);
            format(fixed, dates[p]);
            swift_udat_close(fixed);
        }
        printf(status > 0 ? " (ICU error %d)\n" : "\n", status);
    }
    return 0;
}
