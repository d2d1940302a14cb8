/* badugi hand replayer: steps through the replay data in <script id="replayer-data"> (built by
   badugi/analytics/replayer.py). No framework, nothing fetched. Every text from the data goes
   through textContent, never innerHTML. Frame 0 is the table before the first post, frame k the
   state after step k, the last frame the result. "#hand=KEY&step=N" opens a hand at a step.
   "#selftest" clicks through every listed hand with the same handlers a user's clicks and keys use,
   and writes what was shown, one JSON object per frame, into the hidden "selftest" pre element (the
   tests read it from headless Chromium). */
(function () {
  "use strict";
  var DATA = null;
  var SUITS = {s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663"};
  var POSTS = {sb: "small blind", bb: "big blind", dead_sb: "dead small blind", both: "small & big blinds",
               ante: "ante", extra: ""};
  var view = null;  // the open view: {key, hand, frame, root, ...}
  var overlay = null;
  var opener = null;

  function data() {
    if (DATA === null) {
      var node = document.getElementById("replayer-data");
      DATA = node ? JSON.parse(node.textContent) : {};
      Object.keys(DATA).forEach(function (key) { unpack(DATA[key]); });
    }
    return DATA;
  }

  /* A step's stacks are stored as the actor's stack alone when no one else's changed: make them lists. */
  function unpack(h) {
    var before = h.players.map(function (p) { return p[3]; });
    h.steps.forEach(function (s) {
      if (typeof s[7] === "number") {
        var stacks = before.slice();
        stacks[s[2]] = s[7];
        s[7] = stacks;
      }
      before = s[7];
    });
  }

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function group(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }

  function money(m, v) {  // the twin of replayer.py format_money
    if (v === null || v === undefined) return "?";
    var sign = v < 0 ? "-" : "", a = Math.abs(v);
    if (m[0] === 1) return sign + group(a);
    var whole = Math.floor(a / m[0]), cents = a % m[0];
    return sign + m[1] + group(whole) + "." + (cents < 10 ? "0" : "") + cents + m[2];
  }

  function actionText(h, s) {
    var amount = money(h.money, s[4]), note = s[8];
    switch (s[3]) {
      case "post": return "posts " + (POSTS[note] ? POSTS[note] + " " : "") + amount;
      case "fold": return "folds" + (note ? " (" + note + ")" : "");
      case "check": return "checks";
      case "call": return "calls " + amount;
      case "bet": return "bets " + amount;
      case "raise": return "raises to " + amount;
      case "draw": return note || ("draws " + s[4]);
      case "return": return "gets " + amount + " back (uncalled)";
      default: return s[3] + " " + amount;
    }
  }

  function roundOf(s) { return s[3] === "draw" ? "d" + s[1] : s[3] === "return" ? "r" : "b" + s[1]; }

  function roundName(s) {
    if (s[3] === "draw") return "Draw " + s[1];
    if (s[3] === "return") return "End of betting";
    return s[1] === 0 ? "Pre-draw" : "After draw " + s[1];
  }

  /* What frame f shows: pot, stacks, bets in the current round, each seat's last action in it,
     folded seats, cards. */
  function state(h, f) {
    var n = h.steps.length, m = h.players.length, i, k;
    var st = {pot: 0, stacks: [], bets: [], acts: [], folded: [], cards: [], labels: [], street: "", text: ""};
    for (k = 0; k < m; k++) { st.bets.push(0); st.acts.push(""); st.folded.push(false); st.cards.push(null);
                              st.labels.push(""); }
    for (i = 0; i < Math.min(f, n); i++) if (h.steps[i][3] === "fold" && h.steps[i][2] >= 0) st.folded[h.steps[i][2]] = true;
    for (i = 0; i < h.cards.length; i++) {
      var c = h.cards[i];
      if (c[1] <= f) { st.cards[c[0]] = c[2]; st.labels[c[0]] = c[3]; }
    }
    if (f === 0) {
      st.stacks = h.players.map(function (p) { return p[3]; });
      st.street = "Seats";
      st.text = "Before the blinds";
    } else if (f <= n) {
      var s = h.steps[f - 1];
      st.pot = s[5];
      st.stacks = s[7];
      st.street = roundName(s);
      st.text = (s[2] >= 0 ? h.players[s[2]][0] : "?") + " " + actionText(h, s);
      st.actor = s[2];
      var start = f - 1;
      while (start > 0 && roundOf(h.steps[start - 1]) === roundOf(s)) start--;
      var before = start === 0 ? h.players.map(function (p) { return p[3]; }) : h.steps[start - 1][7];
      for (i = start; i < f; i++) if (h.steps[i][2] >= 0) st.acts[h.steps[i][2]] = actionText(h, h.steps[i]);
      if (s[3] !== "draw" && s[3] !== "return")
        for (k = 0; k < m; k++) st.bets[k] = Math.max(0, before[k] - s[7][k]);
    } else {
      st.pot = h.result.pot;
      st.stacks = h.result.final;
      st.street = h.result.showdown ? "Showdown" : "Hand over";
      st.text = h.result.lines.length ? h.result.lines[0] : st.street;
      st.result = true;
    }
    return st;
  }

  function cardNodes(box, cards, hidden) {
    box.textContent = "";
    if (cards) {
      cards.split(" ").forEach(function (c) {
        var node = el("span", "rp-card rp-" + c.slice(-1), c.slice(0, -1) + (SUITS[c.slice(-1)] || c.slice(-1)));
        node.setAttribute("data-card", c);
        box.appendChild(node);
      });
    } else if (!hidden) {
      for (var k = 0; k < 4; k++) box.appendChild(el("span", "rp-card rp-back", "\u00a0"));
    }
  }

  function frameCount(h) { return h.steps.length + 2; }

  function frameLabel(h, f) {
    var n = h.steps.length;
    if (f === 0) return "Seats and stacks";
    if (f > n) return h.result.showdown ? "Showdown" : "Hand over";
    var s = h.steps[f - 1];
    return (s[2] >= 0 ? h.players[s[2]][0] : "?") + " " + actionText(h, s);
  }

  function build(key, h, inline) {
    var v = {key: key, hand: h, frame: 0, seats: [], items: []};
    var root = el("div", "rp-view" + (inline ? " rp-standalone" : ""));
    root.setAttribute("data-hand", key);
    var head = el("div", "rp-head");
    head.appendChild(el("b", "rp-title", h.title));
    head.appendChild(el("span", "rp-info", h.info));
    if (h.violations.length)
      head.appendChild(el("span", "rp-badge", h.violations.length + " violation" + (h.violations.length > 1 ? "s" : "")));
    if (!inline) {
      var close = el("button", "rp-close", "\u00d7");
      close.type = "button";
      close.title = "Close (Esc)";
      close.setAttribute("aria-label", "Close the replayer");
      close.addEventListener("click", closeView);
      head.appendChild(close);
    }
    root.appendChild(head);
    var main = el("div", "rp-main");
    var table = el("div", "rp-table");
    var felt = el("div", "rp-felt");
    v.street = felt.appendChild(el("div", "rp-street"));
    var potLine = felt.appendChild(el("div", "rp-potline", "Pot "));
    v.pot = potLine.appendChild(el("span", "rp-pot"));
    v.text = felt.appendChild(el("div", "rp-text"));
    table.appendChild(felt);
    var m = h.players.length, hero = h.hero >= 0 ? h.hero : 0;
    h.players.forEach(function (p, k) {
      var d = (k - hero + m) % m, angle = Math.PI / 2 + 2 * Math.PI * d / m;
      var seat = el("div", "rp-seat" + (k === h.hero ? " rp-hero" : ""));
      seat.style.left = (50 + 41 * Math.cos(angle)).toFixed(1) + "%";
      seat.style.top = (50 + 38 * Math.sin(angle)).toFixed(1) + "%";
      var top = seat.appendChild(el("div", "rp-seattop"));
      top.appendChild(el("span", "rp-name", p[0])).title = p[0];
      top.appendChild(el("span", "rp-pos", (p[2] || "") + (p[1] ? " \u00b7 seat " + p[1] : "")));
      var cards = seat.appendChild(el("div", "rp-cards"));
      var label = seat.appendChild(el("div", "rp-label"));
      var stackLine = seat.appendChild(el("div", "rp-stackline"));
      var stack = stackLine.appendChild(el("span", "rp-stack"));
      var tag = stackLine.appendChild(el("span", "rp-tag"));
      var act = seat.appendChild(el("div", "rp-act"));
      var bet = el("div", "rp-bet");
      bet.style.left = (50 + 27 * Math.cos(angle)).toFixed(1) + "%";
      bet.style.top = (50 + 18 * Math.sin(angle)).toFixed(1) + "%";
      table.appendChild(bet);
      if (p[2] === "BTN") {
        var button = el("div", "rp-dealer", "D");
        button.style.left = (50 + 30 * Math.cos(angle + 0.35)).toFixed(1) + "%";
        button.style.top = (50 + 28 * Math.sin(angle + 0.35)).toFixed(1) + "%";
        table.appendChild(button);
      }
      table.appendChild(seat);
      v.seats.push({root: seat, cards: cards, label: label, stack: stack, tag: tag, act: act, bet: bet,
                    name: top.firstChild});
    });
    main.appendChild(table);
    var side = el("div", "rp-side");
    var log = side.appendChild(el("ol", "rp-log"));
    var round = null, n = h.steps.length;
    var violationsAt = {};
    h.violations.forEach(function (x) { var f = x[0] >= 0 ? x[0] : n + 1; (violationsAt[f] = violationsAt[f] || []).push(x); });
    for (var f = 0; f < frameCount(h); f++) {
      var s = f >= 1 && f <= n ? h.steps[f - 1] : null;
      if (s && roundOf(s) !== round) { round = roundOf(s); log.appendChild(el("li", "rp-round", roundName(s))); }
      if (f === n + 1) log.appendChild(el("li", "rp-round", "Result"));
      var item = el("li", "rp-item", frameLabel(h, f));
      if (s) item.appendChild(el("span", "rp-potnote", " pot " + money(h.money, s[5])));
      item.setAttribute("data-frame", f);
      item.addEventListener("click", go.bind(null, v, f));
      log.appendChild(item);
      v.items.push(item);
      (violationsAt[f] || []).forEach(function (x) {
        log.appendChild(el("li", "rp-viol", "\u26a0 " + x[2] + (x[1] ? " (line " + x[1] + ")" : "") + ": " + x[3]));
      });
    }
    v.log = log;
    main.appendChild(side);
    root.appendChild(main);
    v.alerts = root.appendChild(el("div", "rp-alerts"));
    v.alerts.setAttribute("role", "status");
    var bar = el("div", "rp-controls");
    function control(cls, text, title, to) {
      var b = el("button", cls, text);
      b.type = "button";
      b.title = title;
      b.addEventListener("click", function () { go(v, to()); });
      bar.appendChild(b);
      return b;
    }
    v.first = control("rp-first", "\u00ab First", "First (Home)", function () { return 0; });
    v.prev = control("rp-prev", "\u25c0 Previous", "Previous (\u2190)", function () { return v.frame - 1; });
    v.count = bar.appendChild(el("span", "rp-count"));
    v.next = control("rp-next", "Next \u25b6", "Next (\u2192)", function () { return v.frame + 1; });
    v.last = control("rp-last", "Last \u00bb", "Last (End)", function () { return frameCount(h) - 1; });
    root.insertBefore(bar, main);
    v.root = root;
    return v;
  }

  function go(v, f) {
    var h = v.hand, total = frameCount(h);
    f = Math.max(0, Math.min(total - 1, f));
    v.frame = f;
    var st = state(h, f);
    v.street.textContent = st.street;
    v.pot.textContent = money(h.money, st.pot);
    v.text.textContent = st.text;
    v.seats.forEach(function (seat, k) {
      var stack = st.stacks[k];
      seat.stack.textContent = money(h.money, stack);
      seat.root.classList.toggle("rp-folded", st.folded[k]);
      seat.root.classList.toggle("rp-acting", st.actor === k);
      cardNodes(seat.cards, st.cards[k], st.folded[k]);
      seat.label.textContent = st.labels[k] || "";
      var tag = "", tone = "";
      if (st.result) {
        var net = h.result.net[k];
        tag = net === null ? "net ?" : (net > 0 ? "+" : "") + money(h.money, net);
        tone = net > 0 ? "rp-pos" : net < 0 ? "rp-neg" : "";
        seat.root.classList.toggle("rp-won", net !== null && net > 0);
      } else {
        seat.root.classList.remove("rp-won");
        if (st.folded[k]) tag = "folded";
        else if (stack === 0 && f > 0) { tag = "all in"; tone = "rp-neg"; }
      }
      seat.tag.textContent = tag;
      seat.tag.className = "rp-tag" + (tone ? " " + tone : "");
      seat.act.textContent = st.result ? "" : st.acts[k];
      seat.bet.textContent = st.bets[k] ? money(h.money, st.bets[k]) : "";
      seat.bet.style.display = st.bets[k] ? "" : "none";
    });
    v.count.textContent = "step " + f + " of " + (total - 1);
    v.first.disabled = v.prev.disabled = f === 0;
    v.next.disabled = v.last.disabled = f === total - 1;
    v.items.forEach(function (item, k) { item.classList.toggle("rp-on", k === f); });
    var on = v.items[f];
    if (on.offsetTop < v.log.scrollTop || on.offsetTop + on.offsetHeight > v.log.scrollTop + v.log.clientHeight)
      v.log.scrollTop = Math.max(0, on.offsetTop - v.log.clientHeight / 2);
    v.alerts.textContent = "";
    h.violations.forEach(function (x) {
      if (x[0] === f || (x[0] < 0 && f === total - 1))
        v.alerts.appendChild(el("div", "rp-viol", "\u26a0 " + x[2] + (x[1] ? " (line " + x[1] + ")" : "") + ": " + x[3]));
    });
    if (st.result) h.result.lines.forEach(function (line) { v.alerts.appendChild(el("div", "rp-resline", line)); });
  }

  function open(key, button) {
    var h = data()[key];
    if (!h) return;
    if (!overlay) {
      overlay = el("div", "rp-overlay");
      overlay.hidden = true;
      overlay.setAttribute("role", "dialog");
      overlay.setAttribute("aria-modal", "true");
      overlay.addEventListener("click", function (e) { if (e.target === overlay) closeView(); });
      document.body.appendChild(overlay);
    }
    overlay.textContent = "";
    view = build(key, h, false);
    overlay.appendChild(view.root);
    overlay.hidden = false;
    opener = button || null;
    go(view, 0);
    view.next.focus();
  }

  function closeView() {
    if (!overlay || overlay.hidden) return;
    overlay.hidden = true;
    overlay.textContent = "";
    view = inlineView;
    if (opener) opener.focus();
  }

  var inlineView = null;

  function keydown(e) {
    if (!view || e.altKey || e.ctrlKey || e.metaKey) return;
    var moves = {ArrowRight: 1, ArrowLeft: -1};
    if (e.key in moves) go(view, view.frame + moves[e.key]);
    else if (e.key === "Home") go(view, 0);
    else if (e.key === "End") go(view, frameCount(view.hand) - 1);
    else if (e.key === "Escape" && view !== inlineView) closeView();
    else return;
    e.preventDefault();
  }

  function shown(v, via) {
    return {h: v.key, via: via, count: v.count.textContent, pot: v.pot.textContent,
            names: v.seats.map(function (s) { return s.name.textContent; }),
            stacks: v.seats.map(function (s) { return s.stack.textContent; }),
            cards: v.seats.map(function (s) {
              return Array.prototype.map.call(s.cards.querySelectorAll(".rp-card[data-card]"),
                                              function (c) { return c.getAttribute("data-card"); }).join(" ");
            }),
            alerts: v.alerts.querySelectorAll(".rp-viol").length,
            nextDisabled: v.next.disabled};
  }

  function press(key) { document.dispatchEvent(new KeyboardEvent("keydown", {key: key, bubbles: true})); }

  function selftest() {
    var out = [], seen = {};
    var targets = [];
    Array.prototype.forEach.call(document.querySelectorAll("button.rp-open[data-hand]"), function (b) {
      var key = b.getAttribute("data-hand");
      if (!seen[key]) { seen[key] = true; targets.push(b); }
    });
    if (inlineView) targets.push(null);
    targets.forEach(function (button) {
      if (button) button.click();
      var v = view;
      out.push(shown(v, "open"));
      for (var guard = 0; !v.next.disabled && guard < 10000; guard++) { v.next.click(); out.push(shown(v, "next")); }
      v.prev.click(); out.push(shown(v, "prev"));
      press("ArrowRight"); out.push(shown(v, "right"));
      press("Home"); out.push(shown(v, "home"));
      press("ArrowLeft"); out.push(shown(v, "left"));
      press("End"); out.push(shown(v, "end"));
      if (button) { press("Escape"); out.push({h: v.key, via: "escape", closed: overlay.hidden}); }
    });
    var pre = document.getElementById("selftest") || document.body.appendChild(el("pre"));
    pre.id = "selftest";
    pre.hidden = true;
    pre.textContent = out.map(function (x) { return JSON.stringify(x); }).join("\n");
  }

  function start() {
    document.addEventListener("click", function (e) {
      var b = e.target.closest ? e.target.closest("button.rp-open[data-hand]") : null;
      if (b) open(b.getAttribute("data-hand"), b);
    });
    document.addEventListener("keydown", keydown);
    var inline = document.querySelector(".rp-inline[data-hand]");
    if (inline && data()[inline.getAttribute("data-hand")]) {
      inlineView = build(inline.getAttribute("data-hand"), data()[inline.getAttribute("data-hand")], true);
      inline.appendChild(inlineView.root);
      view = inlineView;
      go(view, 0);
    }
    var hash = location.hash, params = new URLSearchParams(hash.slice(1));
    if (params.get("hand")) {
      var key = params.get("hand"), wanted = null;
      Array.prototype.forEach.call(document.querySelectorAll("button.rp-open[data-hand]"), function (b) {
        if (!wanted && b.getAttribute("data-hand") === key) wanted = b;
      });
      open(key, wanted);
    }
    if (view && params.get("step")) go(view, parseInt(params.get("step"), 10) || 0);
    if (hash === "#selftest") selftest();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
