/// The stylesheet and the one script every page links; served with the page's session or without.
public enum Assets {
    public static let stylesheetPath = "/static/app.css"
    public static let scriptPath = "/static/app.js"

    /// Light and dark from the system's preference, visible focus, no motion when reduced motion is asked
    /// for, one column from 360 px wide up.
    public static let stylesheet = """
    :root { color-scheme: light dark; --bg: #f6f7f9; --card: #ffffff; --text: #1b1f24; --muted: #57606a;
      --accent: #0b63c4; --accent-text: #ffffff; --ok: #1a7f37; --warn: #9a6700; --bad: #c62828; --line: #d0d7de;
      --skipped: #8c959f; --on-ok: #ffffff; font-family: system-ui, sans-serif; line-height: 1.5; }
    @media (prefers-color-scheme: dark) {
      :root { --bg: #0d1117; --card: #161b22; --text: #e6edf3; --muted: #9da7b3; --accent: #4f9cf9; --accent-text: #0d1117;
        --ok: #3fb950; --warn: #d29922; --bad: #ff7b72; --line: #30363d; --skipped: #6e7681; --on-ok: #0d1117; }
    }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--text); }
    a { color: var(--accent); }
    .skip { position: absolute; left: -9999px; }
    .skip:focus { left: 1rem; top: 1rem; background: var(--card); padding: .5rem; z-index: 10; }
    header { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1.5rem; padding: .75rem 1rem;
      background: var(--card); border-bottom: 1px solid var(--line); }
    .brand { margin: 0; font-weight: 700; }
    nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: .25rem; margin: 0; padding: 0; }
    nav a { display: inline-block; padding: .35rem .7rem; border-radius: .4rem; text-decoration: none; }
    nav a[aria-current="page"] { background: var(--accent); color: var(--accent-text); }
    main { max-width: 52rem; margin: 0 auto; padding: 1rem; }
    main:focus { outline: none; }
    h1 { font-size: 1.6rem; margin: .5rem 0 1rem; }
    h2 { font-size: 1.15rem; margin: 0 0 .5rem; }
    .card { background: var(--card); border: 1px solid var(--line); border-radius: .6rem; padding: 1rem; margin: 0 0 1rem; }
    fieldset.card { min-width: 0; }
    legend { font-weight: 700; padding: 0 .25rem; }
    .notice { padding: .6rem .8rem; border-radius: .4rem; border: 1px solid var(--ok); }
    .notice.error, .field-error { color: var(--bad); }
    .notice.error { border-color: var(--bad); }
    .field-error { margin: .25rem 0 0; font-weight: 600; }
    .countdown { font-size: 3rem; font-variant-numeric: tabular-nums; margin: .25rem 0; }
    .label { font-weight: 600; margin: 0; }
    .hint, .unit { color: var(--muted); }
    .figures { display: flex; flex-wrap: wrap; gap: 1rem 2rem; margin: 0; }
    .figures dt { color: var(--muted); }
    .figures dd { margin: 0; font-size: 1.6rem; font-weight: 600; }
    .figures dd.small { font-size: 1rem; font-weight: 400; overflow-wrap: anywhere; }
    .actions { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .75rem 0 0; }
    .actions p { flex-basis: 100%; margin: 0; }
    button, select, input { font: inherit; color: inherit; }
    button { padding: .45rem .9rem; border-radius: .4rem; border: 1px solid var(--line); background: var(--card); cursor: pointer; }
    button.primary { background: var(--accent); border-color: var(--accent); color: var(--accent-text); font-weight: 600; }
    button.switch[aria-checked="true"] { background: var(--ok); border-color: var(--ok); color: var(--on-ok); }
    select, input[type=number], input[type=time] { padding: .35rem .5rem; border: 1px solid var(--line); border-radius: .4rem; background: var(--bg); }
    input[type=number] { width: 7rem; }
    :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
    .field { margin: .5rem 0; }
    .field label { display: block; font-weight: 600; }
    .field.check { display: flex; gap: .5rem; align-items: center; }
    .field.check label { display: inline; }
    .field.invalid input, td.invalid input { border-color: var(--bad); }
    .control { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
    .toggles { list-style: none; margin: 0; padding: 0; }
    .toggles form { display: flex; justify-content: space-between; align-items: center; padding: .35rem 0; border-bottom: 1px solid var(--line); }
    .toggles li:last-child form { border-bottom: 0; }
    .glance { margin: 0; padding-left: 1.2rem; }
    .goals { list-style: none; display: flex; flex-wrap: wrap; gap: 1.5rem; margin: 1rem 0 0; padding: 0; }
    .goal { margin: 0; width: 10rem; text-align: center; }
    .goal svg { width: 7rem; height: 7rem; }
    .goal .ring-fill { stroke: var(--accent); transition: none; }
    .goal.met .ring-fill { stroke: var(--ok); }
    .ring-label { font-size: 18px; fill: var(--text); }
    .badge { display: inline-block; margin-left: .4rem; padding: 0 .5rem; border-radius: 1rem; background: var(--ok); color: var(--on-ok);
      font-size: .85rem; font-weight: 600; }
    .badge.off { background: var(--skipped); color: var(--on-ok); }
    .qr { width: 16rem; max-width: 100%; height: auto; display: block; margin: 1rem 0; }
    textarea { width: 100%; font: inherit; font-family: ui-monospace, monospace; padding: .4rem; border: 1px solid var(--line); border-radius: .4rem;
      background: var(--bg); color: inherit; }
    h4 { margin: 1rem 0 .25rem; }
    details.notes { flex-basis: 100%; }
    details.notes label { display: block; }
    .onboarding { max-width: 34rem; margin: 2rem auto; text-align: center; }
    .onboarding .field.check { justify-content: center; }
    .onboarding .actions { justify-content: center; }
    .onboarding-picture { display: flex; justify-content: center; min-height: 1rem; }
    .eye.big { width: 8rem; }
    .gate-picture { width: 8rem; height: 8rem; }
    .button-link { display: inline-block; padding: .45rem .9rem; border-radius: .4rem; border: 1px solid var(--line); text-decoration: none; }
    .button-link.primary { background: var(--accent); border-color: var(--accent); color: var(--accent-text); font-weight: 600; }
    .code { font-size: 1.4rem; letter-spacing: .2em; font-variant-numeric: tabular-nums; }
    .goal-form { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; width: 100%; }
    .goal-form label { flex: 1 1 14rem; }
    .tasks { list-style: none; margin: 0 0 1rem; padding: 0; }
    .tasks li { display: flex; flex-wrap: wrap; gap: .25rem .75rem; align-items: center; padding: .4rem 0; border-bottom: 1px solid var(--line); }
    .tasks li.done .task-title { text-decoration: line-through; color: var(--muted); }
    .task-title { font-weight: 600; }
    .choice-text { display: flex; flex-direction: column; flex: 1 1 16rem; min-width: 0; }
    form.inline { display: inline-flex; gap: .4rem; margin-left: auto; }
    h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
    input[type=text], input[type=search], input[type=date] { padding: .35rem .5rem; border: 1px solid var(--line); border-radius: .4rem;
      background: var(--bg); max-width: 100%; width: 22rem; }
    .focus-ring .ticking { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; font-size: 1.6rem;
      font-variant-numeric: tabular-nums; }
    table { border-collapse: collapse; margin: .5rem 0 1rem; }
    caption { text-align: left; font-weight: 600; padding: .25rem 0; }
    th, td { text-align: left; padding: .25rem .75rem .25rem 0; vertical-align: top; }
    .hours .field { margin: 0; }
    .range ul { margin-bottom: 1rem; }
    .range a { border: 1px solid var(--line); }
    .chart { width: 100%; height: auto; display: block; }
    .chart rect.completed, .swatch.completed { fill: var(--ok); background: var(--ok); }
    .chart rect.skipped, .swatch.skipped { fill: var(--skipped); background: var(--skipped); }
    .chart text { font-size: 7px; fill: var(--muted); }
    .swatch { display: inline-block; width: .8rem; height: .8rem; margin: 0 .3rem 0 .6rem; border-radius: .15rem; vertical-align: middle; }
    .legend { color: var(--muted); margin: .25rem 0; }
    @media (max-width: 30rem) {
      .countdown { font-size: 2.4rem; } main { padding: .6rem; }
      .hours, .hours tbody { display: block; } .hours thead { display: none; }
      .hours tr { display: flex; flex-wrap: wrap; gap: .25rem .5rem; padding: .4rem 0; border-bottom: 1px solid var(--line); }
      .hours th { flex-basis: 100%; } .hours th, .hours td { padding: 0; }
    }
    .break-overlay { position: fixed; inset: 0; z-index: 20; display: flex; align-items: center; justify-content: center;
      background: var(--bg); overflow-y: auto; padding: 1rem; }
    .break-page { margin: 0; }
    .break-panel { text-align: center; max-width: 34rem; width: 100%; }
    .break-panel h1 { font-size: 2rem; margin: 0 0 .25rem; }
    .break-body { font-size: 1.2rem; margin: 0 0 1rem; }
    .breathing { display: flex; justify-content: center; margin: 1rem 0; }
    .breath { width: 9rem; height: 9rem; border-radius: 50%; background: color-mix(in srgb, var(--accent) 22%, transparent);
      display: flex; align-items: center; justify-content: center; animation: breathe 8s ease-in-out infinite; }
    .eye { width: 4.5rem; fill: none; stroke: var(--accent); stroke-width: 3; }
    .eye circle { fill: var(--accent); }
    @keyframes breathe { 0%, 100% { transform: scale(.72); } 50% { transform: scale(1); } }
    .ring { position: relative; width: 8rem; height: 8rem; margin: 0 auto 1rem; }
    .ring svg { width: 100%; height: 100%; }
    .ring-track { fill: none; stroke: var(--line); stroke-width: 6; }
    .ring-fill { fill: none; stroke: var(--ok); stroke-width: 6; stroke-linecap: round; transition: stroke-dashoffset 1s linear; }
    .ring-text { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center;
      font-size: 1.6rem; font-variant-numeric: tabular-nums; }
    .break-actions { justify-content: center; }
    .break-actions button { font-size: 1.15rem; padding: .6rem 1.4rem; }
    @media (prefers-reduced-motion: reduce) { * { animation: none !important; transition: none !important; } .breath { transform: none; } }
    progress { width: 100%; max-width: 24rem; height: 1rem; accent-color: var(--accent); }
    .reward-form { border-top: 1px solid var(--line); padding-top: .5rem; margin-top: .75rem; }
    .reward-form .unit { display: block; }
    input[type=password] { padding: .35rem .5rem; border: 1px solid var(--line); border-radius: .4rem; background: var(--bg); width: 8rem; }
    .reward-form select, .reward-form input { max-width: 100%; }
    .table-scroll { overflow-x: auto; max-width: 100%; }
    .quest-custom { border: 1px solid var(--line); border-radius: .4rem; margin: .5rem 0; min-width: 0; }
    .badge-grid { list-style: none; display: grid; grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr)); gap: .75rem; margin: .5rem 0 0; padding: 0; }
    .badge-tile { display: flex; flex-direction: column; align-items: center; gap: .15rem; text-align: center; padding: .6rem;
      border-radius: .6rem; border: 2px solid var(--ok); }
    .badge-tile.locked { border: 2px dashed var(--line); color: var(--muted); }
    .badge-icon { width: 2.4rem; height: 2.4rem; fill: var(--ok); }
    .badge-tile.locked .badge-icon { fill: none; stroke: var(--muted); stroke-width: 1.5; }
    .badge-detail, .badge-state { font-size: .9rem; }
    .badge-tile.unlocked .badge-state { font-weight: 600; }
    .celebration { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; border: 2px solid var(--ok); animation: celebrate .7s ease-out 1; }
    .celebration p { margin: 0; flex: 1 1 12rem; font-weight: 600; font-size: 1.1rem; }
    .celebration-mark { width: 2.6rem; height: 2.6rem; fill: var(--ok); animation: celebrate-mark 1s ease-out 1; }
    @keyframes celebrate { 0% { transform: scale(.92); } 60% { transform: scale(1.03); } 100% { transform: scale(1); } }
    @keyframes celebrate-mark { 0% { transform: rotate(-180deg) scale(.4); } 100% { transform: rotate(0) scale(1); } }
    @media (prefers-reduced-motion: reduce) { .celebration, .celebration-mark { animation: none; transform: none; } }
    """

    /// The page's one script. It keeps `MM:SS` countdowns and the break ring ticking — one wake-up a
    /// second, only while a countdown runs — and reloads the page when a countdown runs out. It listens to
    /// the agent's event stream (`/events`, silent until something changes): a page that only shows what
    /// the agent decides reloads, a page with a form fetches just the break screen. On the break screen
    /// Enter is Done, S is Snooze and Escape does nothing. A celebration's Dismiss hides it at once and
    /// remembers it, so a reload does not show it again. A page being left by a form, or showing a refused
    /// one, stops reloading itself. Without it, every page works and updates on reload.
    public static let script = """
    "use strict";
    (function () {
      function text(ms) {
        var total = Math.max(0, Math.ceil(ms / 1000));
        var minutes = Math.floor(total / 60), seconds = total % 60;
        return (minutes < 10 ? "0" : "") + minutes + ":" + (seconds < 10 ? "0" : "") + seconds;
      }
      var ticking = false;
      function tick() {
        ticking = false;
        var now = Date.now(), ended = false, running = false;
        document.querySelectorAll("time.ticking[data-left]").forEach(function (clock) {
          if (!clock.dataset.start) { clock.dataset.start = String(now); }
          var left = Math.max(0, Number(clock.dataset.left) - (now - Number(clock.dataset.start)));
          var scaled = left * Number(clock.dataset.scale || 1);
          clock.textContent = text(scaled);
          var ring = clock.parentNode.querySelector(".ring-fill");
          if (ring) {
            var fraction = Math.min(1, scaled / Number(ring.dataset.total));
            ring.setAttribute("stroke-dashoffset", (Number(ring.dataset.circumference) * (1 - fraction)).toFixed(2));
          }
          if (left > 0) { running = true; }
          else if (Number(clock.dataset.left) > 0 && !clock.hasAttribute("data-stay")) { ended = true; }
        });
        if (ended) { setTimeout(function () { location.reload(); }, 1500); return; }
        if (running) { ticking = true; setTimeout(tick, 1000 - (Date.now() % 1000) + 5); }
      }
      function cover(on) {
        ["header", "main", ".skip"].forEach(function (selector) {
          var node = document.querySelector(selector);
          if (node) { node.inert = on; }
        });
      }
      function focusBreak() {
        var done = document.querySelector("#break-screen button[data-key=Enter]");
        if (done) { done.focus(); }
      }
      function editing() {
        var active = document.activeElement;
        return active && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName);
      }
      function refresh() {
        if (document.body.hasAttribute("data-live") && !editing()) { location.reload(); return; }
        var back = encodeURIComponent(document.body.dataset.page || "/");
        fetch("/break/panel?return=" + back, { credentials: "same-origin" }).then(function (response) {
          return response.status === 200 ? response.text() : "";
        }).then(function (html) {
          var old = document.getElementById("break-screen");
          if (old) { old.remove(); }
          cover(html !== "");
          if (html !== "") {
            document.body.insertAdjacentHTML("beforeend", html);
            focusBreak();
            if (!ticking) { tick(); }
          }
        });
      }
      function watch() {
        if (!window.EventSource) { return; }
        var source = new EventSource("/events"), seen = null;
        source.onmessage = function (event) {
          if (seen !== null && event.data !== seen) { refresh(); }
          seen = event.data;
        };
      }
      document.addEventListener("keydown", function (event) {
        var screen = document.getElementById("break-screen");
        if (!screen || event.altKey || event.ctrlKey || event.metaKey) { return; }
        if (event.key === "Escape") { event.preventDefault(); return; }
        var key = event.key === "Enter" ? "Enter" : event.key.toLowerCase();
        var button = screen.querySelector("button[data-key='" + key + "']");
        if (button) { event.preventDefault(); button.click(); }
      });
      function fold(text) { return text.normalize("NFD").replace(/[\\u0300-\\u036f]/g, "").toLowerCase(); }
      function liveSearch(input) {
        var list = document.getElementById("activity-list");
        if (!list) { return; }
        input.addEventListener("input", function () {
          var wanted = fold(input.value.trim());
          list.querySelectorAll("li").forEach(function (item) {
            item.hidden = wanted !== "" && fold(item.textContent).indexOf(wanted) < 0;
          });
        });
      }
      function celebration() {
        var note = document.getElementById("celebration");
        if (!note) { return; }
        var id = note.dataset.celebration, key = "lockout-celebrated";
        try { if (localStorage.getItem(key) === id) { note.remove(); return; } } catch (ignored) {}
        var dismiss = note.querySelector("[data-dismiss]");
        if (dismiss) {
          dismiss.addEventListener("click", function (event) {
            event.preventDefault();
            try { localStorage.setItem(key, id); } catch (ignored) {}
            note.remove();
          });
        }
      }
      document.addEventListener("DOMContentLoaded", celebration);
      // A page a form is leaving, or one showing a refused form, no longer reloads itself: a reload would
      // cut the form's own navigation short, or send the refused form (a POST's answer) again.
      function settle() {
        if (document.querySelector(".notice.error, .field-error")) { document.body.removeAttribute("data-live"); }
        document.addEventListener("submit", function () { document.body.removeAttribute("data-live"); }, true);
      }
      document.addEventListener("DOMContentLoaded", settle);
      document.addEventListener("DOMContentLoaded", function () {
        document.querySelectorAll("input[data-live-search]").forEach(liveSearch);
        focusBreak();
        tick();
        watch();
      });
    })();
    """
}
