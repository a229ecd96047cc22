import Foundation

/// The page a designer reviews a change on, for the failed-snapshot report (`FailureReport`:
/// reference and failure) and for `feedshot compare` (`ComparisonReport`: before and after).
/// For each pair: the two images side by side with the difference image, and a comparison figure
/// that wipes from one to the other with a slider and can lay the differences over it.
struct ComparisonPage {
    /// One pair of images (paths relative to the page), or why there is none.
    struct Entry {
        var name: String
        var before: String?
        var after: String?
        /// Differences red, anti-aliasing yellow, the rest faded (`ImageDiff.Result.diffImage`).
        var difference: String?
        /// A sentence saying how they differ, or nil.
        var summary: String?
        /// Shown in place of the images (e.g. a document that failed to render).
        var error: String?
        /// The width to show the images at, in CSS pixels (the layout's points); nil: at most 420.
        var displayWidth: Double?
        /// A text snapshot's line-by-line difference (`Diffing.lines`), shown as it is.
        var listing: String?
    }

    var title: String
    /// What the two sides are called: "reference" and "failure", or "before" and "after".
    var beforeLabel: String
    var afterLabel: String

    static let style = """
        .compare .overlay{position:absolute;top:0;left:0;mix-blend-mode:multiply;pointer-events:none}
        .compare.plain .overlay{display:none}
        .summary{font-size:13px;margin:0 0 8px}
        input.wipe{display:block;box-sizing:border-box;margin:8px 0 4px}
        .toggle{display:block;font-size:12px;color:#636779}
        pre.listing{background:#fff;padding:8px;border-radius:6px;overflow:auto;max-height:480px;font-size:12px;line-height:1.35}
        .passed figure img{max-width:200px;height:auto}
        """

    /// The whole page: an optional paragraph (`intro`, HTML), then each entry, then `outro` (HTML).
    func html(_ entries: [Entry], intro: String = "", outro: String = "") -> String {
        let e = PreviewHTML.escape
        var body = intro
        for (index, entry) in entries.enumerated() {
            body += "<section><h2>\(e(entry.name))</h2>"
            if let summary = entry.summary { body += "<p class=\"summary\">\(e(summary))</p>" }
            if let error = entry.error { body += "<p class=\"error\">\(e(error))</p>" }
            if let listing = entry.listing { body += "<pre class=\"listing\">\(e(listing))</pre>" }
            let size = entry.displayWidth.map { "style=\"width:\($0)px\"" } ?? "style=\"max-width:420px\""
            body += "<div class=\"grid\">"
            for (label, path) in [(beforeLabel, entry.before), (afterLabel, entry.after), ("difference", entry.difference)] {
                guard let path else { continue }
                body +=
                    "<figure><figcaption>\(e(label))</figcaption><img src=\"\(e(path))\" \(size) alt=\"\(e(entry.name)) \(e(label))\"></figure>"
            }
            if let before = entry.before, let after = entry.after {
                let overlay = entry.difference.map { "<img class=\"overlay\" src=\"\(e($0))\" \(size) alt=\"differences\">" } ?? ""
                let toggle =
                    entry.difference == nil
                    ? ""
                    : "<label class=\"toggle\"><input type=\"checkbox\" checked onchange=\"overlay(\(index), this.checked)\"> show differences</label>"
                // As wide as the images, so the slider spans them.
                let width = entry.displayWidth.map { " style=\"width:\($0)px\"" } ?? ""
                body += """
                    <figure\(width)><figcaption>\(e(beforeLabel)) ◀ slide ▶ \(e(afterLabel))</figcaption>
                    <div class="compare" id="compare-\(index)"><img src="\(e(before))" \(size) alt="\(e(beforeLabel))">
                    <div class="top" style="width:50%"><img src="\(e(after))" \(size) alt="\(e(afterLabel))"></div>\(overlay)</div>
                    <input class="wipe" type="range" min="0" max="100" value="50" oninput="wipe(\(index), this.value)">\(toggle)</figure>
                    """
            }
            body += "</div></section>"
        }
        body += outro
        let script = """
            function wipe(index, value) {
              var box = document.getElementById('compare-' + index);
              box.querySelector('.top').style.width = value + '%';
              box.querySelector('.top img').style.width = box.querySelector('img').getBoundingClientRect().width + 'px';
            }
            function overlay(index, shown) {
              document.getElementById('compare-' + index).classList.toggle('plain', !shown);
            }
            window.addEventListener('load', function () {
              document.body.setAttribute('data-comparisons', document.querySelectorAll('.compare').length);
              document.body.setAttribute('data-sliders', document.querySelectorAll('.compare + input.wipe').length);
              document.body.setAttribute('data-overlays', document.querySelectorAll('.compare .overlay').length);
            });
            """
        return PreviewHTML.page(title: title, body: body, script: script, style: ComparisonPage.style)
    }
}
