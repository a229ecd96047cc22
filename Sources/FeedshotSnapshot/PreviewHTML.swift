import FeedshotLayout
import Foundation

/// The HTML of the preview gallery and the failure report: static pages, no external resources.
enum PreviewHTML {
    /// `text` for an element's content or a quoted attribute: `& < > " '` as references. Read
    /// scalar by scalar: a quote followed by a combining mark is one `Character`, which is not
    /// `"`, and it ended the attribute all the same (a file named with a quote and U+0301, then ` onload=…`, ran its script).
    static func escape(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;".unicodeScalars
            case "<": result += "&lt;".unicodeScalars
            case ">": result += "&gt;".unicodeScalars
            case "\"": result += "&quot;".unicodeScalars
            case "'": result += "&#39;".unicodeScalars
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    static let style = """
        body{font:14px/1.4 -apple-system,system-ui,sans-serif;margin:24px;background:#f4f5f7;color:#292b32}
        h1{font-size:22px}h2{font-size:17px;margin:32px 0 8px}
        .grid,.pair{display:flex;flex-wrap:wrap;gap:20px;align-items:flex-start}
        @media print{section{content-visibility:visible}.filters,figcaption{position:static}figure{break-inside:avoid}}
        figure{margin:0;max-width:100%;box-sizing:border-box;background:#fff;padding:10px;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
        figcaption{font-size:12px;color:#636779;margin-bottom:6px;position:sticky;top:var(--feedshot-bar,0px);z-index:2;background:#fff;padding:2px 0}
        figcaption .doc{color:#292b32;font-weight:600;margin-right:4px}
        .shot{position:relative;line-height:0;max-width:100%;overflow-x:auto}
        .shot img{display:block}
        figure .shot{outline:1px solid #d9dbe1}
        figcaption a{color:#1054de;margin-left:6px}
        .tap{position:absolute;box-sizing:border-box;border:1px dashed transparent}
        .shot:hover .tap{border-color:rgba(16,84,222,.7)}
        .tap:hover{border:2px solid #1054DE;box-shadow:0 0 0 1px #fff;background:rgba(16,84,222,.12)}
        .tap span{display:none;position:absolute;left:0;top:100%;z-index:2;white-space:nowrap;font:12px/1.3 ui-monospace,monospace;background:#292b32;color:#fff;padding:3px 6px;border-radius:4px}
        .tap:hover span{display:block}
        .tap.end span{left:auto;right:0}
        .error{color:#b8321f;font-family:ui-monospace,monospace}
        .same{font-size:12px;color:#a15c00;margin:0 0 6px;max-width:360px}
        .warnings{color:#a15c00;font-family:ui-monospace,monospace;font-size:12px}
        .compare{position:relative;display:inline-block;line-height:0}
        .compare .top{position:absolute;top:0;left:0;overflow:hidden;height:100%}
        input[type=range]{width:100%}
        section{content-visibility:auto;contain-intrinsic-size:auto 900px}
        .filters{position:sticky;top:0;z-index:3;display:flex;flex-wrap:wrap;gap:8px;align-items:center;background:#f4f5f7;padding:8px 0}
        .filters input,.filters select{font:inherit;padding:4px 6px}
        .hidden{display:none}
        ul.kit{width:0;min-width:100%;margin:8px 0 0;padding:0;list-style:none;font-size:12px;line-height:1.4}
        ul.kit li{background:#fff8e1;border-left:3px solid #f5a623;padding:4px 8px;margin-top:4px}
        ul.kit li.own{background:#eef3ff;border-left-color:#1054de}
        ul.kit li[data-items]{cursor:default}
        .outline{position:absolute;display:none;box-sizing:border-box;border:2px solid #c77700;box-shadow:0 0 0 1px #fff;background:rgba(245,166,35,.18);pointer-events:none}
        .outline.on{display:block}
        """

    /// An image's size on the page, in CSS pixels (the layout's points).
    struct ImageBox {
        var width: Double
        var height: Double

        /// `width="414" height="1158" style="width:414px;height:1157.5px"`: whole numbers in the
        /// attributes, as HTML requires, and the exact size in the style where it is fractional.
        var attributes: String {
            let whole = "width=\"\(Int(width.rounded()))\" height=\"\(Int(height.rounded()))\""
            guard width.rounded() != width || height.rounded() != height else { return whole }
            return whole + " style=\"width:\(width.compactDescription)px;height:\(height.compactDescription)px\""
        }
    }

    /// An axis the gallery's variants vary along: a menu in the filter bar, and a `data-` attribute
    /// (its raw value) on each figure.
    enum Axis: String, CaseIterable {
        case device, theme, width, scale, size, locale, direction

        /// The menu's label: "every text size".
        var label: String { self == .size ? "text size" : rawValue }

        /// `variant`'s value on this axis, as the page shows it; nil where the axis is not set.
        func value(of variant: PreviewGallery.Variant) -> String? {
            switch self {
            case .device: variant.device
            case .theme: variant.theme
            case .width: variant.width.compactDescription
            case .scale: String(variant.scale)
            case .size: variant.textSize.rawValue
            case .locale: variant.locale
            case .direction: variant.direction?.rawValue
            }
        }
    }

    /// The gallery's filter bar: a search over document names, menus of the documents' kinds and
    /// kits, and a menu per axis that has more than one value on the page (menus of one value are
    /// left out). `filterScript` applies them.
    static func filterBar(kinds: [String], kits: [String] = [], axes: [(Axis, [String])]) -> String {
        func menu(_ axis: String, _ label: String, _ values: [String]) -> String {
            guard values.count > 1 else { return "" }
            let options = values.map { "<option value=\"\(escape($0))\">\(escape($0))</option>" }.joined()
            return "<select data-axis=\"\(axis)\" aria-label=\"\(label)\"><option value=\"\">every \(label)</option>\(options)</select>"
        }
        return "<div class=\"filters\"><input type=\"search\" id=\"filter\" placeholder=\"Filter by name\" aria-label=\"Filter by name\">"
            + menu("kind", "kind", kinds) + menu("kit", "kit", kits) + axes.map { menu($0.0.rawValue, $0.0.label, $0.1) }.joined()
            + "<span id=\"shown\"></span></div>"
    }

    /// Shows the sections whose name holds the search text and whose kind and kit match, and in
    /// them the variants that match every other menu; `data-shown` counts the variants shown.
    static let filterScript = """
        function feedshotFilter() {
          var text = document.getElementById('filter').value.trim().toLowerCase();
          var chosen = {};
          document.querySelectorAll('.filters select').forEach(function (s) { chosen[s.dataset.axis] = s.value; });
          var shown = 0;
          document.querySelectorAll('section[data-name]').forEach(function (section) {
            var visible = section.dataset.name.indexOf(text) >= 0 && (!chosen.kind || section.dataset.kind === chosen.kind)
              && (!chosen.kit || section.dataset.kit === chosen.kit);
            var figures = 0;
            section.querySelectorAll('figure').forEach(function (f) {
              var match = visible && Object.keys(chosen).every(function (a) { return a === 'kind' || a === 'kit' || !chosen[a] || f.dataset[a] === chosen[a]; });
              f.classList.toggle('hidden', !match);
              if (match) figures++;
            });
            section.classList.toggle('hidden', !visible || (figures === 0 && !section.querySelector('.error')));
            shown += figures;
          });
          document.body.setAttribute('data-shown', shown);
          document.getElementById('shown').textContent = shown ? shown + ' shown' : 'nothing matches: clear the search or a menu';
          feedshotAddress(document.getElementById('filter').value.trim(), chosen);
        }
        // The filters in the address (?q=…&theme=dark), so that a reload — `--watch` reloads the
        // page on every change — keeps them, and the view can be linked.
        function feedshotAddress(text, chosen) {
          var params = new URLSearchParams();
          if (text) params.set('q', text);
          Object.keys(chosen).forEach(function (axis) { if (chosen[axis]) params.set(axis, chosen[axis]); });
          var search = params.toString();
          document.body.setAttribute('data-address', search);
          try { history.replaceState(null, '', search ? '?' + search : location.pathname); } catch (e) {}
        }
        // A card's caption stays in view under the filter bar while its image scrolls past; an
        // image wider than its card (a phone's window) is zoomed to fit, its tap regions with it —
        // its caption's PNG link shows it pixel for pixel.
        function feedshotBar() {
          document.documentElement.style.setProperty('--feedshot-bar', document.querySelector('.filters').offsetHeight + 'px');
          var room = document.querySelector('.filters').clientWidth - 20;
          document.body.setAttribute('data-room', room);
          document.querySelectorAll('figure .shot').forEach(function (shot) {
            var width = parseFloat(shot.querySelector('img').getAttribute('width'));
            shot.style.zoom = width > room ? String(room / width) : '';
            shot.parentElement.toggleAttribute('data-zoomed', width > room);
          });
        }
        feedshotBar();
        window.addEventListener('resize', feedshotBar);
        document.getElementById('filter').addEventListener('input', feedshotFilter);
        document.querySelectorAll('.filters select').forEach(function (s) { s.addEventListener('change', feedshotFilter); });
        var params = new URLSearchParams(location.search);
        if (params.get('q')) { document.getElementById('filter').value = params.get('q'); }
        // ?theme=dark&locale=ar: a menu's value from the address, so a filtered view can be linked;
        // case does not matter (?device=iphonese). A value no variant has is said, not ignored.
        var ignored = [];
        \(Self.addressAxes).forEach(function (axis) {
          var value = params.get(axis);
          if (!value) return;
          var holders = document.querySelectorAll((axis === 'kind' || axis === 'kit' ? 'section' : 'figure') + '[data-' + axis + ']');
          var values = [];
          holders.forEach(function (h) { var v = h.dataset[axis]; if (v && values.indexOf(v) < 0) values.push(v); });
          var match = values.filter(function (v) { return v.toLowerCase() === value.toLowerCase(); })[0];
          var menu = document.querySelector('.filters select[data-axis="' + axis + '"]');
          if (match && menu) menu.value = match;
          if (!match) ignored.push(axis + '=' + value + ' (here: ' + (values.join(', ') || 'none') + ')');
        });
        document.body.setAttribute('data-ignored', ignored.length);
        if (ignored.length) {
          var note = document.createElement('span');
          note.id = 'ignored';
          note.className = 'warnings';
          note.textContent = 'Not on this page, so not applied: ' + ignored.join('; ');
          document.querySelector('.filters').appendChild(note);
        }
        feedshotFilter();
        """

    /// The filters an address may set (`?kind=chat&kit=messagekit&theme=dark`): the kinds' and
    /// kits' menus and every axis, as a script's array literal.
    static let addressAxes = "[" + (["kind", "kit"] + Axis.allCases.map(\.rawValue)).map { "'\($0)'" }.joined(separator: ",") + "]"

    static func page(title: String, body: String, script: String = "", style extra: String = "") -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title><link rel="icon" href="data:,">
        <meta name="viewport" content="width=device-width,initial-scale=1">
        <style>\(style)\(extra)</style></head>
        <body><h1>\(escape(title))</h1>
        \(body)
        <script>
        // Marks the page with what loaded, for people and for the browser test.
        window.addEventListener('load', function () {
          var images = Array.prototype.slice.call(document.images);
          document.body.setAttribute('data-images-total', images.length);
          document.body.setAttribute('data-images-loaded', images.filter(function (i) { return i.complete && i.naturalWidth > 0; }).length);
          document.body.setAttribute('data-areas', document.querySelectorAll('map area').length);
          // First contentful paint, ms after navigation (where the browser reports it): how long a
          // large gallery keeps a reviewer waiting.
          var paint = performance.getEntriesByName('first-contentful-paint')[0];
          if (paint) document.body.setAttribute('data-first-paint', Math.round(paint.startTime));
        });
        \(script)
        </script></body></html>
        """
    }

    /// Under a variant: what it draws that the kit has no counterpart for, so that nobody takes it
    /// for the app — a dark Amity chat (the kit's chat is always light) and the items Feedshot
    /// draws by its own rules (`LayoutItem.isFeedshotOwn`: the Amity chat's video and file cells,
    /// its typing indicator). Nothing when there is none.
    static func feedshotOwnNotes(_ layout: Layout, isDarkAmityChat: Bool) -> String {
        var html: [String] = []
        if isDarkAmityChat {
            let text = "The Amity kit's chat is always light: this dark theme is Feedshot's, with no counterpart in the kit."
            html.append("<li class=\"own\" data-feedshot-own><strong>Feedshot's own</strong>: \(escape(text))</li>")
        }
        let own = layout.items.filter(\.isFeedshotOwn).map(\.id)
        if !own.isEmpty {
            let text =
                "Cells the kit does not have, drawn by Feedshot's own rules (\(own.joined(separator: ", "))): the Amity chat has no video or file cell and no typing indicator."
            html.append(
                "<li class=\"own\" data-feedshot-own data-items=\"\(escape(own.joined(separator: " ")))\"><strong>Feedshot's own</strong>: \(escape(text))</li>"
            )
        }
        return html.isEmpty ? "" : "<ul class=\"kit\">" + html.joined() + "</ul>"
    }

    /// Under a variant whose image is, pixel for pixel, the one at an earlier text size: saying so,
    /// since two identical images side by side read as a page that did not apply the size. The
    /// Amity kit's labels keep their font sizes at every text size (docs/documents.md).
    static func sameAsNote(_ entry: PreviewGallery.Entry, kit: String?) -> String {
        guard let size = entry.sameAsTextSize else { return "" }
        let why = kit == PreviewGallery.amity ? ": the Amity kit's labels keep their sizes at every text size" : ""
        return "<p class=\"same\" data-same-as=\"\(escape(size.rawValue))\">The same image as at \(escape(size.rawValue))\(why).</p>"
    }

    /// Over the image, hidden: an outline of each item a note names (`data-item`), which
    /// `outlineScript` shows while the pointer is on the note — the notes name items by their ids
    /// ("c3"), which the image does not show.
    static func noteOutlines(_ layout: Layout) -> String {
        let named = Set(layout.kitBehaviours.map(\.itemId) + layout.items.filter(\.isFeedshotOwn).map(\.id))
        return layout.items.filter { named.contains($0.id) }.map { item in
            let f = item.frame
            return
                "<div class=\"outline\" data-item=\"\(escape(item.id))\" style=\"left:\(f.x)px;top:\(f.y)px;width:\(f.width)px;height:\(f.height)px\"></div>"
        }.joined()
    }

    /// Shows the outlines of the items a note names while the pointer is on it.
    static let outlineScript = """
        document.querySelectorAll('li[data-items]').forEach(function (note) {
          var figure = note.closest('figure');
          function show(on) {
            note.dataset.items.split(' ').forEach(function (id) {
              figure.querySelectorAll('.outline').forEach(function (o) { if (o.dataset.item === id) o.classList.toggle('on', on); });
            });
          }
          note.addEventListener('mouseenter', function () { show(true); });
          note.addEventListener('mouseleave', function () { show(false); });
        });
        // A tap region is there for its tooltip and its name: clicking one does not jump to the
        // page's top (its href is "#"), and Tab skips the thousands of them (tabindex -1).
        document.querySelectorAll('map area').forEach(function (area) {
          area.addEventListener('click', function (event) { event.preventDefault(); });
        });
        """

    /// "userDidTap userId=u2"
    static func describe(_ action: LayoutAction) -> String {
        ([action.event.rawValue] + action.arguments.keys.sorted().map { "\($0)=\(action.arguments[$0]!)" }).joined(separator: " ")
    }

    /// The watch-mode script: polls `version.js` (a script element works from `file://`, where
    /// `fetch` does not) every second and reloads the page once it names a later version.
    static func reloadScript(version: Int) -> String {
        """
        var feedshotVersion = \(version);
        function feedshotVersionIs(version) {
          document.body.setAttribute('data-latest-version', version);
          if (version > feedshotVersion) location.reload();
        }
        setInterval(function () {
          var script = document.createElement('script');
          script.src = 'version.js?t=' + Date.now();
          script.onload = script.onerror = function () { script.remove(); };
          document.head.appendChild(script);
        }, 1000);
        document.body.setAttribute('data-version', feedshotVersion);
        // Loads of this tab, kept across reloads in window.name (no storage API needed on file://).
        window.name = String((parseInt(window.name, 10) || 0) + 1);
        document.body.setAttribute('data-loads', window.name);
        """
    }

    /// `version.js` for `version`.
    static func versionScript(_ version: Int) -> String { "feedshotVersionIs(\(version));\n" }

    /// One document's section. Images after the first `eagerImages` of the page load lazily, and
    /// sections off screen are not laid out until scrolled to (`content-visibility`), so a page
    /// of hundreds of documents paints at once.
    static func section(
        name: String, kind: String?, kit: String? = nil, error: String?, entries: [PreviewGallery.Entry], version: Int? = nil,
        eagerImages: Int = .max
    ) -> String {
        var html =
            "<section data-name=\"\(escape(name.lowercased()))\" data-kind=\"\(escape(kind ?? ""))\" data-kit=\"\(escape(kit ?? ""))\"><h2>\(escape(name))</h2>"
        if let error { return html + "<p class=\"error\">\(escape(error))</p></section>" }
        // What the layouts made do with (a missing image, a user not in `users`), once each.
        let warnings = PreviewGallery.warnings(of: entries)
        if !warnings.isEmpty {
            html += "<ul class=\"warnings\">" + warnings.map { "<li>warning: \(escape($0))</li>" }.joined() + "</ul>"
        }
        html += "<div class=\"grid\">"
        // A variant's themes side by side (`PreviewGallery.variants` puts them next to each
        // other): one box, which the grid wraps as a whole, so light and dark share a row.
        func themeless(_ index: Int) -> PreviewGallery.Variant? {
            guard entries.indices.contains(index) else { return nil }
            var variant = entries[index].variant
            variant.theme = ""
            return variant
        }
        for (index, entry) in entries.enumerated() {
            let grouped = themeless(index - 1) == themeless(index) || themeless(index + 1) == themeless(index)
            if grouped, themeless(index - 1) != themeless(index) { html += "<div class=\"pair\">" }
            defer { if grouped, themeless(index + 1) != themeless(index) { html += "</div>" } }
            let v = entry.variant
            let attributes = Axis.allCases.compactMap { axis in axis.value(of: v).map { " data-\(axis.rawValue)=\"\(escape($0))\"" } }
            // The image on its own, pixel for pixel (the page shows it at its size in points).
            let open = entry.image.map { " <a href=\"\(escape($0 + (version.map { "?v=\($0)" } ?? "")))\" target=\"_blank\">PNG</a>" } ?? ""
            // The document's name too: the caption stays in view as a tall image scrolls by.
            html += "<figure\(attributes.joined())><figcaption><span class=\"doc\">\(escape(name))</span>"
            html += "\(escape(v.caption))\(open)</figcaption>"
            guard let image = entry.image, let layout = entry.layout else {
                html += "<p class=\"error\">\(escape(entry.error ?? "not rendered"))</p></figure>"
                continue
            }
            // Under the caption, where it is read before the two images are compared.
            html += sameAsNote(entry, kit: kit)
            let mapName = "map-\(SnapshotPaths.imageStem(name))-\(index)"
            // HTML's width and height are whole numbers (they reserve the box before the image
            // loads); the style sets the layout's own size, which may be fractional (1157.5).
            let size = ImageBox(width: layout.width, height: layout.height)
            html +=
                "<div class=\"shot\"><img src=\"\(escape(image + (version.map { "?v=\($0)" } ?? "")))\"\(index < eagerImages ? "" : " loading=\"lazy\"") \(size.attributes) usemap=\"#\(mapName)\" alt=\"\(escape(name)) \(escape(entry.variant.caption))\">"
            let actions = layout.items.flatMap(\.actions)
            for action in actions {
                let f = action.frame
                // A region in the image's right half shows its event from its right edge, so the
                // label is not cut at the image's edge (23 % of them were).
                let side = f.midX > layout.width / 2 ? " end" : ""
                html +=
                    "<div class=\"tap\(side)\" style=\"left:\(f.x)px;top:\(f.y)px;width:\(f.width)px;height:\(f.height)px\"><span>\(escape(describe(action)))</span></div>"
            }
            html += noteOutlines(layout)
            html += "</div><map name=\"\(mapName)\">"
            for action in actions {
                let f = action.frame
                let coords = [f.minX, f.minY, f.maxX, f.maxY].map { String(Int($0.rounded())) }.joined(separator: ",")
                let text = escape(describe(action))
                html +=
                    "<area shape=\"rect\" coords=\"\(coords)\" title=\"\(text)\" alt=\"\(text)\" data-event=\"\(escape(action.event.rawValue))\" href=\"#\" tabindex=\"-1\">"
            }
            html +=
                "</map>" + kitBehaviourNotes(layout)
                + feedshotOwnNotes(layout, isDarkAmityChat: entry.isDarkAmityChat) + "</figure>"
        }
        return html + "</div></section>"
    }
}
