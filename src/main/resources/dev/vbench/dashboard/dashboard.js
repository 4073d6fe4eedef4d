/* vbench history dashboard: the overview's filters and a series' chart, drawn as SVG. No library, no
 * network: the data come from the server (JSON) or, for a static site opened from disk, from scripts that
 * call vbenchData(path, data). Every stored string is shown with textContent, never parsed as HTML. */
(function () {
  'use strict';

  var SVG = 'http://www.w3.org/2000/svg';
  var PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#F0E442'];
  var pending = {};

  /* A static site's data file calls this with the path it was added at. */
  window.vbenchData = function (path, data) {
    var p = pending[path];
    if (p) {
      delete pending[path];
      p(data);
    }
  };

  /* The data at path: a script for a static site (.js), else JSON fetched from the server. */
  function load(path) {
    if (/\.js$/.test(path)) {
      return new Promise(function (resolve, reject) {
        pending[path] = resolve;
        var s = document.createElement('script');
        s.src = path;
        s.onerror = function () { delete pending[path]; reject(new Error('cannot load ' + path)); };
        document.head.appendChild(s);
      });
    }
    return fetch(path).then(function (r) {
      return r.json().then(function (body) {
        if (!r.ok) { throw new Error(body.error || 'HTTP ' + r.status); }
        return body;
      });
    });
  }

  function el(name, attrs, parent) {
    var e = document.createElementNS(SVG, name);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (parent) { parent.appendChild(e); }
    return e;
  }

  function html(name, cls, text, parent) {
    var e = document.createElement(name);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = text; }
    if (parent) { parent.appendChild(e); }
    return e;
  }

  /* A median as 'vbench history show' writes it: 1 decimal from 1,000, 3 from 1, else 6. */
  function value(v) {
    if (v === null || v === undefined || !isFinite(v)) { return 'n/a'; }
    var a = Math.abs(v);
    return v.toFixed(a >= 1000 ? 1 : a >= 1 ? 3 : 6);
  }

  function percent(r) {
    return (r >= 0 ? '+' : '') + (r * 100).toFixed(1) + '%';
  }

  function date(ms) {
    return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }

  // ---- overview ------------------------------------------------------------------------------------------

  function overview(form) {
    var rows = Array.prototype.slice.call(document.querySelectorAll('#series tbody tr'));
    var selects = Array.prototype.slice.call(form.querySelectorAll('select'));
    var count = document.getElementById('shown');
    var params = new URLSearchParams(location.search);
    selects.forEach(function (s) {
      if (params.has(s.name)) { s.value = params.get(s.name); }
      s.addEventListener('change', apply);
    });
    function matches(tr, s) {
      if (s.value === '') { return true; }
      if (s.name === 'branch') { return JSON.parse(tr.getAttribute('data-branch')).indexOf(s.value) >= 0; }
      return tr.getAttribute('data-' + s.name) === s.value;
    }
    function apply() {
      var shown = 0;
      rows.forEach(function (tr) {
        var ok = selects.every(function (s) { return matches(tr, s); });
        tr.hidden = !ok;
        shown += ok ? 1 : 0;
      });
      count.textContent = shown === rows.length ? rows.length + ' series' : shown + ' of ' + rows.length + ' series';
      var q = new URLSearchParams();
      selects.forEach(function (s) { if (s.value !== '') { q.set(s.name, s.value); } });
      if (location.protocol !== 'file:') {
        history.replaceState(null, '', location.pathname + (q.toString() ? '?' + q.toString() : ''));
      }
    }
    apply();
  }

  // ---- series chart -------------------------------------------------------------------------------------

  function niceStep(rough) {
    var p = Math.pow(10, Math.floor(Math.log10(rough)));
    var f = rough / p;
    return (f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10) * p;
  }

  function linearTicks(min, max, count) {
    var step = niceStep((max - min) / count || 1);
    var out = [];
    for (var v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) { out.push(v); }
    return out;
  }

  function logTicks(min, max) {
    var out = [];
    for (var e = Math.floor(Math.log10(min)); e <= Math.ceil(Math.log10(max)); e++) {
      [1, 2, 5].forEach(function (m) {
        var v = m * Math.pow(10, e);
        if (v >= min && v <= max) { out.push(v); }
      });
    }
    return out.length >= 2 ? out : [min, max];
  }

  function Chart(root, d) {
    this.root = root;
    this.d = d;
    this.p = d.points;
    this.n = this.p.run.length;
    this.mode = 'run';
    this.log = false;
    this.last = this.n > 500 ? 500 : 0;
    this.hidden = {};
    this.trials = {};
    this.controls();
    this.tip = html('div', 'tip', null, root);
    this.tip.hidden = true;
    this.svgBox = html('div', 'plot', null, root);
    this.draw();
    var self = this;
    window.addEventListener('resize', function () { self.draw(); });
  }

  Chart.prototype.positive = function () {
    for (var i = 0; i < this.n; i++) {
      if (this.p.median[i] !== null && this.p.median[i] <= 0) { return false; }
    }
    return true;
  };

  Chart.prototype.controls = function () {
    var self = this;
    var bar = html('div', 'chart-controls', null, this.root);
    function group(label, options, current, set) {
      var g = html('span', 'group', null, bar);
      html('span', 'label', label + ':', g);
      var buttons = [];
      options.forEach(function (o) {
        var b = html('button', o[0] === current ? 'on' : '', o[1], g);
        b.type = 'button';
        b.setAttribute('data-value', String(o[0]));
        b.addEventListener('click', function () {
          buttons.forEach(function (x) { x.className = x === b ? 'on' : ''; });
          set(o[0]);
          self.draw();
        });
        buttons.push(b);
      });
      return g;
    }
    group('x', [['run', 'by run (commit)'], ['date', 'by date']], this.mode, function (v) { self.mode = v; }).id = 'x-mode';
    var scale = group('y', [[false, 'linear'], [true, 'log']], false, function (v) { self.log = v; });
    scale.id = 'y-scale';
    if (!this.positive()) {
      scale.querySelectorAll('button')[1].disabled = true;
      scale.title = 'a log scale needs positive values';
    }
    if (this.n > 100) {
      var ranges = [[100, 'last 100']];
      if (this.n > 500) { ranges.push([500, 'last 500']); }
      if (this.n > 2000) { ranges.push([2000, 'last 2000']); }
      ranges.push([0, 'all ' + this.n]);
      group('runs', ranges, this.last, function (v) { self.last = v; }).id = 'range';
    }
    if (this.d.branches.length > 1) {
      var g = html('span', 'group branches', null, bar);
      g.id = 'branches';
      html('span', 'label', 'branches:', g);
      this.d.branches.forEach(function (name, i) {
        var l = html('label', 'branch', null, g);
        var box = document.createElement('input');
        box.type = 'checkbox';
        box.checked = true;
        box.setAttribute('data-branch', String(i));
        box.addEventListener('change', function () { self.hidden[i] = !box.checked; self.draw(); });
        l.appendChild(box);
        var sw = html('span', 'swatch', null, l);
        sw.style.background = PALETTE[i % PALETTE.length];
        html('span', null, name === '' ? '(none)' : name, l);
      });
    }
  };

  /* The indexes drawn: the chosen tail, less the hidden branches. */
  Chart.prototype.visible = function () {
    var out = [];
    var from = this.last > 0 ? Math.max(0, this.n - this.last) : 0;
    for (var i = from; i < this.n; i++) {
      if (!this.hidden[this.p.branch[i]]) { out.push(i); }
    }
    return out;
  };

  Chart.prototype.draw = function () {
    var d = this.d;
    var p = this.p;
    var self = this;
    var shown = this.visible();
    this.shown = shown;
    this.inShown = new Uint8Array(this.n);
    shown.forEach(function (i) { self.inShown[i] = 1; });
    this.svgBox.textContent = '';
    var W = Math.max(640, Math.min(1280, this.root.clientWidth || 960));
    var H = 400;
    var L = 78;
    var R = 24;
    var T = 46;
    var B = 54;
    var svg = el('svg', { 'class': 'series-chart', width: W, height: H, viewBox: '0 0 ' + W + ' ' + H, role: 'img' }, this.svgBox);
    el('text', { 'class': 'params', x: L, y: 16 }, svg).textContent = 'change points: ' + d.settings.text;
    if (shown.length === 0) {
      el('text', { x: L, y: T + 20 }, svg).textContent = 'no runs to show';
      return;
    }
    var order = {};
    shown.forEach(function (i, k) { order[i] = k; });
    var xs = shown.map(function (i) { return self.mode === 'date' ? p.time[i] : order[i]; });
    var x0 = xs[0];
    var x1 = xs[xs.length - 1];
    if (x1 === x0) { x0 -= 1; x1 += 1; }
    var lo = Infinity;
    var hi = -Infinity;
    shown.forEach(function (i) {
      [p.median[i], p.low[i], p.high[i]].forEach(function (v) {
        if (v !== null && isFinite(v) && (!self.log || v > 0)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
      });
    });
    if (!isFinite(lo)) { lo = 0; hi = 1; }
    if (hi === lo) { hi = lo + Math.abs(lo || 1) * 0.05; lo = lo - Math.abs(lo || 1) * 0.05; }
    var pad = (hi - lo) * 0.06;
    if (!this.log) { lo = lo - pad < 0 && lo >= 0 ? 0 : lo - pad; hi = hi + pad; }
    var ylo = this.log ? Math.log10(lo) : lo;
    var yhi = this.log ? Math.log10(hi) : hi;
    if (this.log) { var lp = (yhi - ylo) * 0.06 || 0.05; ylo -= lp; yhi += lp; }
    function X(i) { var v = self.mode === 'date' ? p.time[i] : order[i]; return L + (v - x0) / (x1 - x0) * (W - L - R); }
    function Y(v) { var t = self.log ? Math.log10(v) : v; return T + (1 - (t - ylo) / (yhi - ylo)) * (H - T - B); }
    this.X = X;
    this.Y = Y;
    // axes and ticks
    var yTicks = this.log ? logTicks(Math.pow(10, ylo), Math.pow(10, yhi)) : linearTicks(lo, hi, 6);
    yTicks.forEach(function (v) {
      var y = Y(v);
      el('line', { 'class': 'grid', x1: L, x2: W - R, y1: y, y2: y }, svg);
      el('text', { 'class': 'tick', x: L - 6, y: y + 4, 'text-anchor': 'end' }, svg).textContent = value(v);
    });
    el('line', { 'class': 'axis', x1: L, x2: L, y1: T, y2: H - B }, svg);
    el('line', { 'class': 'axis', x1: L, x2: W - R, y1: H - B, y2: H - B }, svg);
    var yl = el('text', { 'class': 'label', x: 14, y: (T + H - B) / 2, 'text-anchor': 'middle',
      transform: 'rotate(-90 14 ' + (T + H - B) / 2 + ')' }, svg);
    yl.textContent = d.metric + ' (' + d.unit + ')' + (this.log ? ', log scale' : '');
    var ticks = Math.min(8, shown.length);
    for (var t = 0; t < ticks; t++) {
      var i = shown[Math.round(t * (shown.length - 1) / Math.max(1, ticks - 1))];
      var label = this.mode === 'date' ? date(p.time[i]).substring(0, 10) : (p.commit[i] !== '-' ? p.commit[i].substring(0, 8) : 'run ' + p.run[i]);
      var anchor = ticks > 1 && t === 0 ? 'start' : ticks > 1 && t === ticks - 1 ? 'end' : 'middle';
      el('text', { 'class': 'tick', x: X(i), y: H - B + 16, 'text-anchor': anchor }, svg).textContent = label;
    }
    el('text', { 'class': 'label', x: (L + W - R) / 2, y: H - 12, 'text-anchor': 'middle' }, svg).textContent =
      this.mode === 'date' ? 'date of the run' : 'runs in order (commit), excluded runs marked';
    // interval band and median line per branch
    var byBranch = {};
    shown.forEach(function (i) { (byBranch[p.branch[i]] = byBranch[p.branch[i]] || []).push(i); });
    Object.keys(byBranch).forEach(function (b) {
      var colour = PALETTE[b % PALETTE.length];
      var idx = byBranch[b].filter(function (i) { return p.excluded[i] < 0 && p.median[i] !== null && (!self.log || p.median[i] > 0); });
      var runs = [];
      var cur = [];
      idx.forEach(function (i) {
        if (p.low[i] !== null && p.high[i] !== null && (!self.log || p.low[i] > 0)) { cur.push(i); } else if (cur.length) { runs.push(cur); cur = []; }
      });
      if (cur.length) { runs.push(cur); }
      runs.forEach(function (r) {
        var top = r.map(function (i) { return X(i).toFixed(1) + ',' + Y(p.high[i]).toFixed(1); });
        var bottom = r.slice().reverse().map(function (i) { return X(i).toFixed(1) + ',' + Y(p.low[i]).toFixed(1); });
        el('polygon', { 'class': 'band', points: top.concat(bottom).join(' '), fill: colour }, svg);
      });
      if (idx.length) {
        el('path', { 'class': 'median', stroke: colour, 'data-branch': b,
          d: 'M' + idx.map(function (i) { return X(i).toFixed(1) + ',' + Y(p.median[i]).toFixed(1); }).join('L') }, svg);
      }
    });
    this.levels(svg, shown, X, Y);
    if (shown.length <= 1500) {
      shown.forEach(function (i) {
        if (p.median[i] === null || (self.log && p.median[i] <= 0)) { return; }
        el('circle', { 'class': p.excluded[i] >= 0 ? 'pt excluded' : 'pt', cx: X(i).toFixed(1), cy: Y(p.median[i]).toFixed(1),
          r: shown.length > 300 ? 2 : 3, fill: PALETTE[p.branch[i] % PALETTE.length], 'data-index': i, 'data-run': p.run[i] }, svg);
      });
    }
    this.hover(svg, W, H, L, R, T, B);
    this.markers(svg, shown, X, H, T, B);
  };

  /* Each segment between change points at its mean, the level e-divisive compares. */
  Chart.prototype.levels = function (svg, shown, X, Y) {
    var p = this.p;
    var self = this;
    var cuts = this.d.changePoints.map(function (c) { return c.index; });
    var bounds = [0].concat(cuts, [this.n]);
    for (var s = 0; s + 1 < bounds.length; s++) {
      var seg = [];
      for (var i = bounds[s]; i < bounds[s + 1]; i++) {
        if (p.excluded[i] < 0 && p.median[i] !== null) { seg.push(i); }
      }
      if (!seg.length) { continue; }
      var mean = seg.reduce(function (a, i) { return a + p.median[i]; }, 0) / seg.length;
      if (self.log && mean <= 0) { continue; }
      var first = Math.max(seg[0], shown[0]);
      var last = seg[seg.length - 1];
      if (last < shown[0]) { continue; }
      var a = first;
      while (a <= last && !self.inShown[a]) { a++; }
      var b = last;
      while (b >= a && !self.inShown[b]) { b--; }
      if (a > last || b < a) { continue; }
      el('line', { 'class': 'level', x1: X(a), x2: X(b), y1: Y(mean), y2: Y(mean) }, svg);
    }
  };

  /* Change points (solid, coloured by direction; dashed once acknowledged), acknowledgements, JVM changes. */
  Chart.prototype.markers = function (svg, shown, X, H, T, B) {
    var d = this.d;
    var p = this.p;
    var first = shown[0];
    var inShown = this.inShown;
    function at(i) {
      var prev = null;
      for (var k = i - 1; k >= first; k--) { if (inShown[k]) { prev = k; break; } }
      return prev === null ? X(i) : (X(prev) + X(i)) / 2;
    }
    var g = el('g', { 'class': 'markers' }, svg);
    for (var j = 1; j < this.n; j++) {
      if (j >= first && p.jvm[j] !== p.jvm[j - 1] && inShown[j]) {
        var xj = at(j);
        el('line', { 'class': 'jvm', x1: xj, x2: xj, y1: T, y2: H - B }, g);
        var jt = el('text', { 'class': 'jvm-label', x: xj + 3, y: H - B - 6 }, g);
        jt.textContent = 'JVM ' + d.jvms[p.jvm[j]];
      }
    }
    var placed = 0;
    d.changePoints.forEach(function (c) {
      if (c.index < first || !inShown[c.index]) { return; }
      var x = at(c.index);
      var a = document.createElementNS(SVG, 'a');
      a.setAttribute('href', c.href);
      a.setAttribute('class', 'cp ' + c.direction.replace(' ', '-') + (c.ack ? ' acked' : ''));
      a.setAttribute('data-run', String(c.run));
      g.appendChild(a);
      var title = el('title', {}, a);
      title.textContent = 'change point: ' + c.text + ' (' + c.direction + ')' + (c.ack ? '; acknowledged: ' + c.ack : '') + ' — click for the runs on both sides';
      el('line', { x1: x, x2: x, y1: T - 4, y2: H - B }, a);
      el('rect', { 'class': 'hit', x: x - 4, y: T - 4, width: 8, height: H - B - T + 4 }, a);
      var label = el('text', { x: x + 3, y: T + 8 + 12 * (placed++ % 3) }, a);
      label.textContent = percent(c.change) + (c.ack ? ' ack' : '');
    });
    d.acks.forEach(function (k) {
      if (k.index < 0 || k.index < first || !inShown[k.index]) { return; }
      if (d.changePoints.some(function (c) { return c.run === k.run; })) { return; }
      var x = X(k.index);
      var f = el('g', { 'class': 'ack', 'data-run': String(k.run) }, g);
      el('title', {}, f).textContent = 'acknowledged at run ' + k.run + ': ' + k.reason;
      el('path', { d: 'M' + x + ',' + (H - B) + 'L' + x + ',' + (H - B - 16) + 'L' + (x + 8) + ',' + (H - B - 12) + 'L' + x + ',' + (H - B - 8) }, f);
    });
  };

  Chart.prototype.hover = function (svg, W, H, L, R, T, B) {
    var self = this;
    var p = this.p;
    var shown = this.shown;
    var dot = el('circle', { 'class': 'focus', r: 5, cx: -10, cy: -10 }, svg);
    var overlay = el('rect', { 'class': 'overlay', x: L, y: T, width: W - L - R, height: H - T - B }, svg);
    var pixels = shown.map(function (i) { return self.X(i); });
    function nearest(px) {
      var lo = 0;
      var hi = pixels.length - 1;
      while (hi - lo > 1) {
        var mid = (lo + hi) >> 1;
        if (pixels[mid] < px) { lo = mid; } else { hi = mid; }
      }
      return Math.abs(pixels[lo] - px) <= Math.abs(pixels[hi] - px) ? shown[lo] : shown[hi];
    }
    overlay.addEventListener('mousemove', function (e) {
      var box = svg.getBoundingClientRect();
      var i = nearest((e.clientX - box.left) * (W / box.width));
      self.focus = i;
      if (p.median[i] !== null && (!self.log || p.median[i] > 0)) {
        dot.setAttribute('cx', self.X(i));
        dot.setAttribute('cy', self.Y(p.median[i]));
      }
      self.showTip(i, e.clientX - self.root.getBoundingClientRect().left, e.clientY - self.root.getBoundingClientRect().top);
    });
    overlay.addEventListener('mouseleave', function () { self.tip.hidden = true; dot.setAttribute('cx', -10); });
    overlay.addEventListener('click', function () {
      if (self.focus !== undefined) { location.href = self.d.runLink.replace('{run}', String(p.run[self.focus])); }
    });
  };

  Chart.prototype.showTip = function (i, x, y) {
    var d = this.d;
    var p = this.p;
    var tip = this.tip;
    tip.textContent = '';
    tip.setAttribute('data-index', String(i));
    tip.setAttribute('data-run', String(p.run[i]));
    html('div', 'tip-head', 'run ' + p.run[i] + ' · ' + date(p.time[i]), tip);
    html('div', null, 'commit ' + p.commit[i] + ' · branch ' + (d.branches[p.branch[i]] || '(none)'), tip);
    html('div', 'tip-value', 'median ' + value(p.median[i]) + ' ' + d.unit, tip);
    var m = p.median[i];
    var ci = p.low[i] === null || p.high[i] === null || !m ? '±∞ (fewer than 6 trials)'
      : value(p.low[i]) + ' – ' + value(p.high[i]) + ' (±' + (Math.max(p.high[i] / m - 1, 1 - p.low[i] / m) * 100).toFixed(1) + '%)';
    html('div', 'tip-ci', '95% CI ' + ci, tip);
    var trials = html('div', 'tip-trials', 'trials: …', tip);
    html('div', null, 'JVM ' + d.jvms[p.jvm[i]], tip);
    if (p.excluded[i] >= 0) { html('div', 'tip-excluded', 'excluded: ' + d.reasons[p.excluded[i]], tip); }
    tip.hidden = false;
    var w = this.root.clientWidth || 960;
    tip.style.left = Math.max(0, Math.min(x + 14, w - 320)) + 'px';
    tip.style.top = (y + 14) + 'px';
    var self = this;
    function show() {
      self.loadTrials(i, function (values) {
        if (tip.getAttribute('data-index') !== String(i)) { return; }
        trials.textContent = values === null ? 'trials: not available'
          : 'trials (' + values.length + '): ' + values.map(value).join(' ');
      });
    }
    clearTimeout(this.trialTimer);
    var chunk = this.trials[Math.floor(i / d.trialChunk)];
    if (chunk && chunk.trials) { show(); } else { this.trialTimer = setTimeout(show, 120); }
  };

  Chart.prototype.loadTrials = function (i, done) {
    var chunk = Math.floor(i / this.d.trialChunk);
    var self = this;
    var have = this.trials[chunk];
    if (have && have.trials) { done(have.trials[i - have.from] || null); return; }
    if (!have) {
      have = this.trials[chunk] = { waiting: [] };
      load(this.d.trials.replace('{chunk}', String(chunk))).then(function (t) {
        have.trials = t.trials;
        have.from = t.from;
        have.waiting.forEach(function (w) { w[1](t.trials[w[0] - t.from] || null); });
      }, function () {
        have.waiting.forEach(function (w) { w[1](null); });
        delete self.trials[chunk];
      });
    }
    have.waiting.push([i, done]);
  };

  document.addEventListener('DOMContentLoaded', function () {
    var form = document.getElementById('filters');
    if (form) { overview(form); }
    var chart = document.getElementById('chart');
    if (chart) {
      load(chart.getAttribute('data-src')).then(function (d) {
        chart.textContent = '';
        chart.vbenchChart = new Chart(chart, d);
        chart.setAttribute('data-ready', 'true');
      }, function (e) {
        chart.textContent = 'The chart could not be loaded: ' + e.message;
        chart.setAttribute('data-ready', 'error');
      });
    }
  });
}());
