import BentoJSON

/// The style sheet of the HTML report, inlined in every page: GitHub's diff
/// colours (green inserted, red deleted, blue moved, amber updated) on
/// phone-width lists drawn after iOS's inset grouped tables.
enum HTMLStyle {
    static let css = """
        :root{--ins:#1a7f37;--ins-bg:#dafbe1;--ins-soft:#f0fff4;--del:#cf222e;--del-bg:#ffebe9;--del-soft:#fff5f5;\
        --mov:#0969da;--mov-bg:#ddf4ff;--upd:#9a6700;--upd-line:#d4a72c;--upd-bg:#fff8c5;\
        --ink:#1f2328;--muted:#656d76;--line:#d0d7de;--group:#f2f2f7;--sep:#e5e5ea}
        *{box-sizing:border-box}
        html{background:#eaeef2}
        body{margin:0;color:var(--ink);font:14px/1.4 -apple-system,BlinkMacSystemFont,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif}
        code,pre{font-family:ui-monospace,SFMono-Regular,"SF Mono",Menlo,Consolas,"Liberation Mono",monospace;font-size:12px}
        a{color:inherit}
        .muted{color:var(--muted)}
        .page-head{background:#fff;border-bottom:1px solid var(--line);padding:16px 24px 14px}
        h1{margin:0;font-size:20px;display:inline;margin-right:10px}
        .files{display:inline;overflow-wrap:anywhere}
        .files code{font-size:13px;background:#f6f8fa;border:1px solid var(--line);border-radius:6px;padding:1px 6px}
        .side-tag{display:inline-block;font-size:10px;font-weight:700;text-transform:uppercase;letter-spacing:.06em;\
        border-radius:4px;padding:1px 6px;color:#fff;background:#57606a;vertical-align:1px}
        .side-tag.new,.side.new .side-tag{background:#1f2328}
        .summary{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0 10px}
        .hints{margin:0 0 10px;padding-left:20px;color:#8a5a00}
        .chip{border:1px solid;border-radius:999px;padding:3px 12px;font-size:13px}
        .chip small{opacity:.8;margin-left:2px}
        .chip.ins{color:var(--ins);background:var(--ins-bg)}
        .chip.del{color:var(--del);background:var(--del-bg)}
        .chip.mov{color:var(--mov);background:var(--mov-bg)}
        .chip.upd{color:var(--upd);background:var(--upd-bg);border-color:var(--upd-line)}
        .chip.zero{color:var(--muted);background:#f6f8fa;border-color:var(--line)}
        .legend{display:flex;flex-wrap:wrap;gap:4px 18px;font-size:12px;color:var(--muted)}
        .legend b{color:var(--ink);font-weight:600}
        .sw{display:inline-block;width:14px;height:14px;border-radius:3px;margin-right:5px;vertical-align:-3px;border-left:4px solid}
        .sw.ins{background:var(--ins-bg);border-color:var(--ins)}
        .sw.del{background:var(--del-bg);border-color:var(--del)}
        .sw.mov{background:var(--mov-bg);border-color:var(--mov)}
        .sw.upd{background:var(--upd-bg);border-color:var(--upd-line)}
        .sw.fold{background:repeating-linear-gradient(135deg,#fff 0 3px,#d0d7de 3px 5px);border-color:#afb8c1}
        main{padding:8px 16px 24px}
        .index{background:#fff;border:1px solid var(--line);border-radius:8px;padding:8px 16px;margin:8px auto;max-width:900px}
        .index h2{font-size:15px;margin:4px 0 8px}
        .index table{border-collapse:collapse;width:100%;font-size:13px}
        .index th,.index td{text-align:left;padding:3px 8px;border-top:1px solid var(--sep)}
        .index .n{text-align:right;width:3.5em;font-variant-numeric:tabular-nums}
        .index th.ins{color:var(--ins)}.index th.del{color:var(--del)}.index th.mov{color:var(--mov)}.index th.upd{color:var(--upd)}
        .index tr.identical{color:var(--muted)}
        .file{margin:8px 0 28px}
        .file-head{font-size:16px;margin:20px 8px 4px;overflow-wrap:anywhere}
        .file-head .status{font-size:12px;font-weight:400;color:var(--muted)}
        .file>.summary{margin:4px 8px 8px}
        .note{text-align:center;color:var(--muted);margin:12px}
        .screen-fields{max-width:820px;margin:12px auto 0;background:var(--upd-bg);border:1px solid var(--upd-line);\
        border-left:4px solid var(--upd-line);border-radius:8px;padding:8px 12px;color:var(--upd)}
        .screens{display:flex;flex-wrap:wrap;justify-content:center;align-items:flex-start;gap:24px 40px;margin-top:16px}
        .side{width:390px;max-width:100%}
        .side-label{margin:0 0 8px 14px;font-weight:600;overflow-wrap:anywhere}
        .phone{background:var(--group);border:10px solid #1c1c1e;border-radius:46px;overflow:clip;\
        display:flex;flex-direction:column;min-height:560px;box-shadow:0 8px 28px rgba(31,35,40,.18)}
        .nav{background:rgba(249,249,249,.96);border-bottom:1px solid #c6c6c8;padding:26px 16px 10px;text-align:center}
        .nav-title{font-weight:600;font-size:16px;overflow-wrap:anywhere}
        .nav.upd{background:var(--upd-bg);border-bottom:2px solid var(--upd-line)}
        .nav .badge{margin-top:4px;display:inline-block}
        .nav .more{text-align:left}
        .scroll{flex:1;padding:2px 0 18px}
        .pinned{position:sticky;bottom:0;background:rgba(255,255,255,.97);border-top:1px solid #c6c6c8;\
        box-shadow:0 -6px 16px rgba(0,0,0,.07);padding:0 0 18px;max-height:60vh;overflow:auto}
        .box-label{font:10px ui-monospace,Menlo,Consolas,monospace;color:var(--muted);padding:5px 16px 0;text-align:center}
        .empty{padding:16px;text-align:center;font-size:12px}
        .sec{margin:14px 12px 0;border-radius:12px;content-visibility:auto;contain-intrinsic-size:auto 320px}
        .sec.mark{padding:6px;margin:10px 6px 0;border:2px solid}
        .sec.ins{background:var(--ins-soft);border-color:var(--ins)}
        .sec.del{background:var(--del-soft);border-color:var(--del)}
        .sec.mov{background:var(--mov-bg);border-color:var(--mov)}
        .sec.upd{background:var(--upd-bg);border-color:var(--upd-line)}
        .sec-bar,.sec>.where{padding-left:6px}
        .sec-bar{display:flex;align-items:center;gap:6px;font-size:10.5px;color:var(--muted);padding:0 6px 3px;min-width:0}
        .sid{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
        .sid code{font-size:10.5px}
        .sh,.sf{padding:2px 8px 6px;font-size:12px;color:#6e6e73;overflow-wrap:anywhere}
        .sh .sup-text{text-transform:uppercase;letter-spacing:.02em}
        .sf{padding:6px 8px 0}
        .sh .type,.sf .type{font-size:9.5px;margin-right:4px;text-transform:none;letter-spacing:0}
        .rows{background:#fff;border-radius:10px;overflow:clip}
        .sec.ins .card{background:var(--ins-soft)}
        .sec.del .card{background:var(--del-soft)}
        .card{position:relative;padding:8px 12px 8px 12px;border-bottom:1px solid var(--sep);border-left:5px solid transparent;\
        overflow-wrap:anywhere}
        .rows>.card:last-child{border-bottom:0}
        .line{padding:5px 12px 5px 17px;border-bottom:1px solid var(--sep);font-size:13px;\
        white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
        .line b{font-size:10.5px;font-weight:600;color:#57606a;margin-right:6px}
        .line code{font-size:10.5px;color:var(--muted);margin-left:6px;unicode-bidi:isolate}
        .card.ins{background:var(--ins-bg);border-left-color:var(--ins)}
        .card.del{background:var(--del-bg);border-left-color:var(--del)}
        .card.mov{background:var(--mov-bg);border-left-color:var(--mov)}
        .card.upd{background:var(--upd-bg);border-left-color:var(--upd-line)}
        .card.del .t,.card.del .d{text-decoration:line-through;text-decoration-color:rgba(207,34,46,.5)}
        .top{display:flex;align-items:center;gap:6px;font-size:10.5px;color:var(--muted);min-width:0;padding-right:2px}
        .type{font-weight:600;color:#57606a;white-space:nowrap}
        .rid{font-size:10.5px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;min-width:0;flex:1}
        .badge{margin-left:auto;flex:none;white-space:nowrap;border-radius:5px;padding:1px 7px;font-size:11px;font-weight:700;color:#fff}
        .card.ins .top>.badge,.sec.ins>.sec-bar>.badge{background:var(--ins)}
        .card.del .top>.badge,.sec.del>.sec-bar>.badge{background:var(--del)}
        .card.mov .top>.badge,.sec.mov>.sec-bar>.badge{background:var(--mov)}
        .card.upd .top>.badge,.sec.upd>.sec-bar>.badge,.nav .badge{background:var(--upd)}
        .badge .label{display:inline-block;background:#fff;color:var(--ink);border-radius:3px;padding:0 4px;margin-right:2px;text-decoration:none}
        .where{font-size:11.5px;font-weight:600;color:var(--mov);margin-top:1px}
        .where code{font-size:11px}
        .t{font-size:15px;margin-top:1px}
        .d{font-size:13px;color:#6e6e73}
        .t,.d,.sup-text,.nav-title,.rid,.sid code,.fields del,.fields ins{unicode-bidi:isolate}
        .fields{list-style:none;margin:6px 0 2px;padding:5px 8px;background:rgba(255,255,255,.75);border-radius:6px;\
        font-size:12px;color:var(--ink);overflow-wrap:anywhere}
        .fields li+li{margin-top:2px}
        .fields .path{color:#57606a;font-size:11px}
        .fields del{color:#82071e;background:var(--del-bg);text-decoration:line-through;border-radius:3px;padding:0 2px}
        .fields ins{color:#116329;background:var(--ins-bg);text-decoration:none;border-radius:3px;padding:0 2px}
        .fields .none{color:var(--muted);font-style:italic}
        .more>summary{cursor:pointer;list-style:none}
        .more>summary::-webkit-details-marker{display:none}
        .more>summary::before{content:"▸";color:#8c959f;font-size:9px;margin-right:3px}
        .more[open]>summary::before{content:"▾"}
        div.top::before,div.sh::before,div.sf::before{content:"▸";font-size:9px;margin-right:3px;visibility:hidden}
        .nav .more>summary{font-size:10.5px;color:var(--muted);width:max-content;margin:2px auto 0}

        .more pre b{font-weight:400;color:#57606a}
        .more pre{margin:4px 0 0;padding:6px 8px;background:#f6f8fa;border-radius:6px;font-size:11px;\
        white-space:pre-wrap;overflow-wrap:anywhere;max-height:320px;overflow:auto;text-align:left}
        .fold{border-bottom:1px solid var(--sep)}
        .fold>summary{cursor:pointer;list-style:none;text-align:center;font-size:12px;color:var(--muted);padding:5px 12px;\
        background:repeating-linear-gradient(135deg,#fff 0 6px,#f3f4f6 6px 12px)}
        .fold>summary::-webkit-details-marker{display:none}
        .fold[open]>summary{border-bottom:1px dashed var(--line)}
        .sec-fold{margin:14px 12px 0;border:1px dashed #afb8c1;border-radius:10px;overflow:clip}
        :target{outline:3px solid #8250df;outline-offset:-3px}
        footer#end{text-align:center;font-size:11px;color:var(--muted);padding:8px 0 20px}

        """

    /// The text of the page's `<style>` element, as the browser hashes it.
    static let element = "\n" + css

    /// The Content-Security-Policy of a page bento writes: nothing is
    /// fetched or run, and only the page's own style sheet applies, named by
    /// its SHA-256: no other style, even one escaped into the page, can.
    static let contentSecurityPolicy: String = {
        let digest = Array(element.utf8).withSpan { SHA256.digest($0) }
        return "default-src 'none'; style-src 'sha256-\(Base64.encoded(digest))'"
    }()
}
