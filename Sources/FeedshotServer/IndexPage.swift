/// `GET /`: paste a document, see the PNG and the layout tree; links to the examples gallery.
enum IndexPage {
    /// The page's `Content-Security-Policy`, computed once.
    static let securityHeaders = SecurityHeaders.page(html)

    static let example = #"""
        {"kind": "chat", "width": 375, "scale": 2, "me": "u1", "now": "2026-11-29T12:00:00Z",
         "users": {"u1": {"displayName": "Me"}, "u2": {"displayName": "Ann"}},
         "messages": [
          {"id": "m1", "from": "u2", "type": "text", "sentAt": "2026-11-29T11:58:00Z", "text": "Are we still on for lunch tomorrow?"},
          {"id": "m2", "from": "u1", "type": "text", "sentAt": "2026-11-29T11:59:00Z", "text": "Yes! See you at 12:30 🎉"}]}
        """#

    static let html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Feedshot</title>
        <meta name="viewport" content="width=device-width,initial-scale=1">
        <style>
        body{font:14px/1.4 -apple-system,system-ui,sans-serif;margin:24px;color:#292b32;background:#f4f5f7}
        textarea{width:100%;height:320px;font:13px ui-monospace,monospace}
        .row{display:flex;gap:24px;align-items:flex-start;flex-wrap:wrap}.col{flex:1;min-width:340px}
        button{font-size:14px;padding:6px 14px;margin:8px 8px 8px 0}
        pre{background:#fff;padding:8px;max-height:420px;overflow:auto;font-size:12px}
        #error{color:#fa4d30;font-family:ui-monospace,monospace}img{background:#fff;max-width:100%}
        </style></head><body>
        <h1>Feedshot</h1>
        <p>Paste a document (<code>POST /v1/render</code>, <code>POST /v1/layout</code>), or browse the
        <a href="/gallery/">examples gallery</a>. Health: <a href="/healthz">/healthz</a>, metrics: <a href="/metrics">/metrics</a>,
        the contract: <a href="/openapi.json">/openapi.json</a>.</p>
        <div class="row"><div class="col">
        <textarea id="doc" spellcheck="false">\(example.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;"))</textarea>
        <label>Bearer token (if the server needs one) <input id="token" type="password" size="30"></label><br>
        <button id="render">Render PNG</button><button id="layout">Layout JSON</button>
        <div id="error"></div>
        </div><div class="col"><img id="png" alt=""><pre id="tree" hidden></pre></div></div>
        <script>
        // The PNG's width in CSS pixels: its pixels over the document's scale (2 when it has none).
        function displayWidth(naturalWidth, text) {
          var scale = 2;
          try { scale = JSON.parse(text).scale || 2; } catch (e) {}
          return naturalWidth / scale;
        }
        function call(path, onOk) {
          var headers = {'Content-Type': 'application/json'};
          var token = document.getElementById('token').value;
          if (token) headers['Authorization'] = 'Bearer ' + token;
          document.getElementById('error').textContent = '';
          fetch(path, {method: 'POST', headers: headers, body: document.getElementById('doc').value}).then(function (r) {
            if (!r.ok) return r.json().then(function (p) { throw new Error(r.status + ' ' + p.title + ': ' + p.detail); });
            return onOk(r);
          }).catch(function (e) { document.getElementById('error').textContent = e.message; });
        }
        document.getElementById('render').onclick = function () {
          call('/v1/render', function (r) { return r.blob().then(function (b) {
            var img = document.getElementById('png'); img.src = URL.createObjectURL(b);
            img.onload = function () { img.style.width = displayWidth(img.naturalWidth, document.getElementById('doc').value) + 'px'; };
            document.getElementById('tree').hidden = true; }); });
        };
        document.getElementById('layout').onclick = function () {
          call('/v1/layout', function (r) { return r.text().then(function (t) {
            var pre = document.getElementById('tree'); pre.textContent = t; pre.hidden = false; }); });
        };
        // Says the script ran (the page's Content-Security-Policy allows it by its hash): the browser test reads it.
        document.body.setAttribute('data-script', 'ran');
        </script></body></html>
        """
}
