/* gpuguide: the reader's picker and sortable tables.  No framework, no
 * build step, no request outside the site.  Without JavaScript the page
 * is the complete static guide; this only adds:
 *  - the table of contents opened on wide screens;
 *  - a sort button in each column header of the big tables;
 *  - the picker (#picker, hidden until this runs): use case, work,
 *    memory, budget, new or used, GPU count and currency in; the builds
 *    that qualify ranked by performance per dollar out, with interval and
 *    purchase request.  It reads data/guide.json (fetched when the
 *    reader opens it) and ranks as the guide does (recommend_qualifies:
 *    GPU count, memory, budget, condition, no server-only build; ties to
 *    the cheaper build).  Its words come from the page's #picker-text
 *    block, in the page's language. */
(function () {
  'use strict';
  var d = document;
  var T = {};
  try { T = JSON.parse(d.getElementById('picker-text').textContent); } catch (e) { T = {}; }
  function t(key) { return T[key] || key; }
  function fill(p, a, b) { return p.replace('{1}', a).replace('{2}', b); }
  function el(tag, attrs, kids) {
    var e = d.createElement(tag);
    for (var k in attrs || {}) {
      if (k === 'text') e.textContent = attrs[k]; else e.setAttribute(k, attrs[k]);
    }
    (kids || []).forEach(function (c) { e.appendChild(typeof c === 'string' ? d.createTextNode(c) : c); });
    return e;
  }

  function openToc() {
    var toc = d.querySelector('nav.toc details');
    if (toc && window.matchMedia('(min-width: 761px)').matches) toc.open = true;
  }

  /* ---- sortable tables ---------------------------------------------- */
  function cellKey(cell) {
    var s = cell.textContent.trim();
    var m = s.replace(/[,\s]/g, '').match(/^[^\d-]{0,3}(-?\d+(\.\d+)?)/);
    return m ? parseFloat(m[1]) : s.toLowerCase();
  }
  function sortBy(table, col, th) {
    var body = table.tBodies[0];
    var dir = th.getAttribute('aria-sort') === 'descending' ? 1 : -1;
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = cellKey(a.cells[col]), y = cellKey(b.cells[col]);
      if (typeof x !== typeof y) return typeof x === 'number' ? -1 : 1;
      return (x < y ? -1 : x > y ? 1 : 0) * dir;
    });
    rows.forEach(function (r) { body.appendChild(r); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (c) { c.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', dir < 0 ? 'descending' : 'ascending');
  }
  function makeSortable() {
    Array.prototype.forEach.call(d.querySelectorAll('.tw table'), function (table) {
      if (!table.tHead || !table.tBodies[0] || table.tBodies[0].rows.length < 8) return;
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, col) {
        var b = el('button', {type: 'button', 'class': 'sort', title: t('picker.sort')});
        while (th.firstChild) b.appendChild(th.firstChild);
        th.appendChild(b);
        b.addEventListener('click', function () { sortBy(table, col, th); });
      });
    });
  }

  /* ---- the picker --------------------------------------------------- */
  var box = d.getElementById('picker');
  var data = null, form = null, out = null;
  var lang = d.documentElement.lang || 'en';

  function buildName(id) {
    var m = id.match(/^(\d+)x (.*?)( \(used\))?$/);
    if (!m) return id;
    var name = fill(t('format.build_name'), m[1], m[2]);
    return m[3] ? fill(t('format.used_build'), name, '') : name;
  }
  function fx() {
    var rates = {USD: 1};
    (data.assumptions || []).forEach(function (a) {
      var m = /^fx_per_usd\.([A-Z]{3})$/.exec(a.key);
      if (m && +a.value > 0) rates[m[1]] = +a.value;
    });
    return rates;
  }
  function money(usd, cur) {
    var v = usd * fx()[cur];
    try {
      return new Intl.NumberFormat(lang, {style: 'currency', currency: cur, maximumFractionDigits: 0}).format(v);
    } catch (e) { return cur + ' ' + Math.round(v); }
  }
  function select(name, label, options, value) {
    var s = el('select', {name: name, id: 'pk-' + name});
    options.forEach(function (o) {
      var opt = el('option', {value: String(o[0]), text: o[1]});
      if (String(o[0]) === String(value)) opt.selected = true;
      s.appendChild(opt);
    });
    return el('label', {'for': 'pk-' + name}, [el('span', {text: label}), s]);
  }
  function uniq(list) {
    return list.filter(function (v, i) { return list.indexOf(v) === i; }).sort(function (a, b) { return a - b; });
  }

  function buildForm() {
    var recs = data.recommendations || [];
    var builds = data.per_dollar || [];
    var uses = [['', t('picker.any')]].concat(recs.map(function (r) { return [r.use_case, t('use_case.' + r.use_case)]; }));
    var mems = [['0', t('picker.any')]].concat(uniq(builds.map(function (b) { return +b.memory_gb; })).map(function (m) { return [m, m + ' GB']; }));
    var counts = [['0', t('picker.any')]].concat(uniq(builds.map(function (b) { return +b.gpu_count; })).map(function (n) { return [n, String(n)]; }));
    var curs = Object.keys(fx()).map(function (c) { return [c, c]; });
    var budget = el('input', {type: 'number', name: 'budget', id: 'pk-budget', min: '0', step: '100', placeholder: t('picker.no_limit'), inputmode: 'numeric'});
    form = el('form', {'class': 'picker-form'}, [
      select('use', t('picker.use_case'), uses, ''),
      select('work', t('picker.workload'), [['cnn', t('picker.cnn')], ['transformer', t('picker.transformer')]], 'cnn'),
      select('mem', t('picker.memory'), mems, '0'),
      el('label', {'for': 'pk-budget'}, [el('span', {text: t('picker.budget')}), budget]),
      select('cond', t('picker.condition'), [['', t('picker.any')], ['new', t('picker.new')], ['used', t('picker.used')]], ''),
      select('gpus', t('picker.gpus'), counts, '1'),
      select('cur', t('picker.currency'), curs, lang.indexOf('zh') === 0 && fx().CNY ? 'CNY' : 'USD')
    ]);
    form.addEventListener('submit', function (e) { e.preventDefault(); render(); });
    form.addEventListener('input', render);
    form.use.addEventListener('change', function () {
      var r = recs.filter(function (x) { return x.use_case === form.use.value; })[0];
      if (!r) return;
      form.work.value = r.workload;
      var m = String(+r.min_memory_gb);
      if (!form.mem.querySelector('option[value="' + m + '"]')) form.mem.appendChild(el('option', {value: m, text: m + ' GB'}));
      form.mem.value = m;
      form.gpus.value = String(r.gpu_count);
      form.cond.value = r.condition === 'new' || r.condition === 'used' ? r.condition : '';
      form.budget.value = r.budget_usd > 0 ? Math.round(r.budget_usd * fx()[form.cur.value]) : '';
      render();
    });
    out = el('div', {'class': 'picker-out', 'aria-live': 'polite'});
    box.appendChild(form);
    box.appendChild(out);
    render();
  }

  /* The builds that qualify, best value first (as recommend.c). */
  function ranked() {
    var f = form;
    var work = f.work.value, mem = +f.mem.value || 0, n = +f.gpus.value || 0;
    var cur = f.cur.value, rate = fx()[cur];
    var budget = f.budget.value === '' ? 0 : +f.budget.value / rate;
    var server = data.picker_server_only || [];
    var key = 'per_dollar_' + work;
    return (data.per_dollar || []).filter(function (b) {
      return b[key] != null && (!n || +b.gpu_count === n) && +b.memory_gb >= mem &&
        (!budget || +b.system_cost_usd <= budget + 1e-9) &&
        (!f.cond.value || b.price_condition === f.cond.value) && server.indexOf(b.build) < 0;
    }).sort(function (a, b) {
      return (b[key] - a[key]) || (a.system_cost_usd - b.system_cost_usd);
    });
  }

  function render() {
    if (!data || !form) return;
    var list = ranked(), key = 'per_dollar_' + form.work.value, cur = form.cur.value;
    var requests = {};
    (data.requests || []).forEach(function (q) { requests[q.build] = q.request; });
    out.textContent = '';
    if (!list.length) { out.appendChild(el('p', {text: t('picker.none')})); return; }
    var top = list.slice(0, 10);
    out.appendChild(el('p', {text: fill(t('picker.count'), String(list.length), String(top.length))}));
    var head = el('tr', {}, [t('picker.rank'), t('picker.build'), t('picker.cost'), t('picker.per_dollar'), t('picker.request')].map(function (h) {
      return el('th', {scope: 'col', text: h});
    }));
    var body = el('tbody');
    top.forEach(function (b, i) {
      var lo = b[key + '_low'], hi = b[key + '_high'];
      var pd = (+b[key]).toFixed(2) + (lo != null && hi != null ? ' (' + (+lo).toFixed(2) + '\u2013' + (+hi).toFixed(2) + ')' : '');
      var req = requests[b.build];
      var name = buildName(b.build);
      body.appendChild(el('tr', {'data-build': b.build}, [
        el('td', {'class': 'r', text: String(i + 1)}),
        el('th', {scope: 'row', text: name}),
        el('td', {'class': 'r', text: money(+b.system_cost_usd, cur)}),
        el('td', {'class': 'r', text: pd}),
        el('td', {}, [req ? el('a', {href: req, text: t('picker.request') + ' (PDF)', 'aria-label': t('picker.request') + ', ' + name + ' (PDF)'}) : '\u2014'])
      ]));
    });
    out.appendChild(el('div', {'class': 'tw', tabindex: '0', role: 'region', 'aria-label': t('picker.title')},
      [el('table', {}, [el('caption', {text: t('picker.title')}), el('thead', {}, [head]), body])]));
    if (cur !== 'USD') {
      var a = (data.assumptions || []).filter(function (x) { return x.key === 'fx_per_usd.' + cur; })[0];
      if (a) out.appendChild(el('p', {'class': 'note', text: fill(t('picker.converted'), a.value + ' ' + cur, a.date)}));
    }
  }

  function load() {
    if (data || box.getAttribute('data-state')) return;
    box.setAttribute('data-state', 'loading');
    var wait = el('p', {text: t('picker.loading')});
    box.appendChild(wait);
    fetch('data/guide.json').then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.json();
    }).then(function (json) {
      data = json;
      box.removeChild(wait);
      buildForm();
      box.setAttribute('data-state', 'ready');
    }).catch(function () {
      wait.textContent = t('picker.failed');
      box.setAttribute('data-state', 'failed');
    });
  }

  function setupPicker() {
    if (!box || !T['picker.title']) return;
    var det = el('details', {'class': 'picker'}, [
      el('summary', {text: t('picker.title')}),
      el('p', {text: t('picker.intro')})
    ]);
    while (box.firstChild) det.appendChild(box.firstChild);
    box.appendChild(det);
    box = det;
    det.addEventListener('toggle', function () { if (det.open) load(); });
    d.getElementById('picker').hidden = false;
  }

  function start() {
    openToc();
    makeSortable();
    setupPicker();
  }
  if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', start); else start();
})();
