/* gpuguide: contents open on wide screens, sortable big tables, and the
 * picker: needs in, builds ranked as recommend.c ranks them out, from
 * data/picker-data.js and data-words, two script files loaded when it is
 * opened (scripts, not fetch(), so that it works from disk too).  No
 * framework, no outside request; without it the page is the complete
 * static guide. */
(() => {
  var d = document, me = d.currentScript, data, form, out, box = d.getElementById('picker');
  var lang = d.documentElement.lang || 'en';
  var T = {'picker.title': me.dataset.title, 'picker.loading': me.dataset.loading, 'picker.failed': me.dataset.failed};
  function t(k) { return T[k] || ''; }
  function fill(p, a, b) { return p.replace('{1}', a).replace('{2}', b); }
  function el(tag, at, kids) {
    var e = d.createElement(tag);
    for (var k in at || {}) if (k === 'text') e.textContent = at[k]; else e.setAttribute(k, at[k]);
    (kids || []).forEach((c) => { e.append(c); });
    return e;
  }
  function each(sel, f) { [].forEach.call(d.querySelectorAll(sel), f); }

  function sortKey(c) {
    var s = c.textContent.trim(), m = s.replace(/[,\s]/g, '').match(/^[^\d-]{0,3}(-?\d+(\.\d+)?)/);
    return m ? +m[1] : s.toLowerCase();
  }
  function sortBy(table, col, th) {
    var body = table.tBodies[0], dir = th.getAttribute('aria-sort') === 'descending' ? 1 : -1;
    [...body.rows].sort((a, b) => {
      var x = sortKey(a.cells[col]), y = sortKey(b.cells[col]);
      if (typeof x !== typeof y) return typeof x === 'number' ? -1 : 1;
      return (x < y ? -1 : x > y ? 1 : 0) * dir;
    }).forEach((r) => { body.appendChild(r); });
    each('th[aria-sort]', (c) => { if (c.closest('table') === table) c.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', dir < 0 ? 'descending' : 'ascending');
  }
  function sortable() {
    each('.tw table', (table) => {
      if (!table.tHead || !table.tBodies[0] || table.tBodies[0].rows.length < 8) return;
      [].forEach.call(table.tHead.rows[0].cells, (th, col) => {
        var b = el('button', {type: 'button', 'class': 'sort'});
        while (th.firstChild) b.appendChild(th.firstChild);
        th.appendChild(b);
        b.onclick = () => { sortBy(table, col, th); };
      });
    });
  }

  // Cards on phones and tablets (style.css): each cell labelled with its column's
  // header, for every table with a header row.
  function cards(table) {
    var box = table.parentElement;
    if (!table.tHead || !box.classList.contains('tw')) return;
    var heads = [].map.call(table.tHead.rows[0].cells, (c) => c.textContent.trim());
    [].forEach.call(table.tBodies, (body) => {
      [].forEach.call(body.rows, (row) => {
        [].forEach.call(row.cells, (c, i) => {
          if (c.tagName === 'TD' && heads[i] && !c.hasAttribute('data-label')) c.setAttribute('data-label', heads[i]);
        });
      });
    });
    box.classList.add('cards-js');
  }

  function buildName(id) {
    var m = id.match(/^(\d+)x (.*?)( \(used\))?$/);
    if (!m) return id;
    var name = fill(t('format.build_name'), m[1], m[2]);
    return m[3] ? fill(t('format.used_build'), name, '') : name;
  }
  // Units of each currency per USD: the assumptions' rates, and a
  // market's (data.market: the edition's money is its buyers').
  function rates() {
    var r = {USD: 1}, mk = data.market;
    (data.assumptions || []).forEach((a) => {
      var m = /^fx_per_usd\.([A-Z]{3})$/.exec(a.key);
      if (m && +a.value > 0) r[m[1]] = +a.value;
    });
    if (mk && +mk.fx_per_usd > 0) r[mk.currency] = +mk.fx_per_usd;
    return r;
  }
  function money(usd, cur) {
    var v = usd * rates()[cur];
    try { return new Intl.NumberFormat(lang, {style: 'currency', currency: cur, maximumFractionDigits: 0}).format(v); }
    catch (e) { return cur + ' ' + Math.round(v); }
  }
  function field(name, label, control) {
    control.name = name;
    control.id = 'pk-' + name;
    return el('label', {'for': control.id}, [el('span', {text: label}), control]);
  }
  function select(name, label, opts, value) {
    var s = el('select');
    opts.forEach((o) => { s.append(el('option', {value: String(o[0]), text: o[1]})); });
    s.value = String(value);
    return field(name, label, s);
  }
  function values(key, f) {
    var v = (data.per_dollar || []).map((b) => +b[key]);
    return v.filter((x, i) => v.indexOf(x) === i).sort((a, b) => a - b)
      .map((x) => [x, f(x)]);
  }
  function useCase() {
    return (data.recommendations || []).filter((x) => x.use_case === form.use.value)[0];
  }

  function buildForm() {
    var any = [['', t('picker.any')]], r = rates();
    box.append(el('p', {text: t('picker.intro')}));
    form = el('form', {'class': 'picker-form'}, [
      select('use', t('picker.use_case'), any.concat((data.recommendations || []).map((x) => [x.use_case, t('use_case.' + x.use_case) || x.use_case])), ''),
      select('work', t('picker.workload'), [['cnn', t('picker.cnn')], ['transformer', t('picker.transformer')]], 'cnn'),
      select('mem', t('picker.memory'), [[0, t('picker.any')]].concat(values('memory_gb', (m) => m + ' GB')), 0),
      field('budget', t('picker.budget'), el('input', {type: 'number', min: '0', step: '100', placeholder: t('picker.no_limit')})),
      select('cond', t('picker.condition'), any.concat([['new', t('picker.new')], ['used', t('picker.used')]]), ''),
      select('gpus', t('picker.gpus'), [[0, t('picker.any')]].concat(values('gpu_count', String)), 1),
      select('cur', t('picker.currency'), Object.keys(r).map((c) => [c, c]), lang.indexOf('zh') === 0 && r.CNY ? 'CNY' : 'USD')
    ]);
    form.onsubmit = (e) => { e.preventDefault(); };
    form.oninput = render;
    form.use.onchange = () => {
      var u = useCase(), m;
      if (!u) return;
      m = String(+u.min_memory_gb);
      if (!form.mem.querySelector('option[value="' + m + '"]')) form.mem.append(el('option', {value: m, text: m + ' GB'}));
      form.mem.value = m;
      form.work.value = u.workload;
      form.gpus.value = String(u.gpu_count);
      form.cond.value = /^(new|used)$/.test(u.condition) ? u.condition : '';
      form.budget.value = u.budget_usd > 0 ? Math.round(u.budget_usd * rates()[form.cur.value]) : '';
      render();
    };
    out = el('div', {'class': 'picker-out', 'aria-live': 'polite'});
    box.append(form, out);
    render();
  }

  // A use case ranked on decode speed (recommendations.ranked_on): its
  // builds' decode tokens/s (picker_decode), else null.
  function decodeSpeeds() {
    var u = form.use.value ? useCase() : null;
    return u && u.ranked_on === 'decode' ? (data.picker_decode || {})[u.use_case] || {} : null;
  }
  // [value, low, high] of a build in the list's measure: performance per
  // dollar of the work, or decode tokens/s per 1,000 dollars (per
  // 10,000 yuan when the money shown is yuan).
  function measure(b, key, dec) {
    if (!dec) return [+b[key], b[key + '_low'], b[key + '_high']];
    var yuan = form.cur.value === 'CNY', per = yuan ? 10000 / rates().CNY : 1000;
    return dec[b.build].map((x) => x / +b.system_cost_usd * per);
  }
  function ranked(key, dec) {
    var f = form, mem = +f.mem.value || 0, n = +f.gpus.value || 0;
    var budget = f.budget.value === '' ? 0 : +f.budget.value / rates()[f.cur.value];
    var server = data.picker_server_only || [];
    var ruled = (data.picker_excluded || {})[f.use.value] || [];
    return (data.per_dollar || []).filter((b) => {
      return (dec ? !!dec[b.build] : b[key] != null) && (!n || +b.gpu_count === n) && +b.memory_gb >= mem &&
        (!budget || +b.system_cost_usd <= budget + 1e-9) &&
        (!f.cond.value || b.price_condition === f.cond.value) && server.indexOf(b.build) < 0 &&
        ruled.indexOf(b.build) < 0;
    }).sort((a, b) => (measure(b, key, dec)[0] - measure(a, key, dec)[0]) || (a.system_cost_usd - b.system_cost_usd));
  }

  // The guide's decision for the chosen use case (recommendations.buy):
  // the same build as the short answer, the pick table and the request.
  function decision() {
    var u = form.use.value ? useCase() : null, r = {};
    if (!u) return;
    (data.requests || []).forEach((q) => { r[q.build] = q.request; });
    if (u.decision === 'rent') return out.append(el('p', {'class': 'pick', text: fill(t('picker.rent'), u.rent_instance, buildName(u.rent_instead_of))}));
    if (u.decision === 'quote') return out.append(el('p', {'class': 'pick', text: fill(t('picker.quote'), u.quote, u.rent_instance || '\u2014')}));
    if (!u.buy) return out.append(el('p', {'class': 'pick', text: u.no_answer ? fill(t('none.' + u.no_answer), u.min_memory_gb, u.largest_memory_gb) + '.' : t('picker.no_decision')}));
    var name = buildName(u.buy), p = el('p', {'class': 'pick', 'data-buy': u.buy, text: fill(t('picker.decision'), name, '') + ' '});
    if (u.tie === 'tie' && u.runner_up) p.append(fill(t('picker.decision_tie'), buildName(u.runner_up), t('tie.rule.' + u.tie_rule)) + ' ');
    if (r[u.buy]) p.append(el('a', {href: r[u.buy], text: t('picker.request') + ' (PDF)'}));
    out.append(p);
  }

  function render() {
    if (!form) return;
    var key = 'per_dollar_' + form.work.value, cur = form.cur.value, dec = decodeSpeeds(), list = ranked(key, dec), req = {}, fx;
    (data.requests || []).forEach((q) => { req[q.build] = q.request; });
    out.textContent = '';
    decision();
    if (!list.length) return out.append(el('p', {text: t('picker.none')}));
    var top = list.slice(0, 10), body = el('tbody');
    out.append(el('p', {text: fill(t('picker.count'), list.length, top.length)}));
    top.forEach((b, i) => {
      var m = measure(b, key, dec), lo = m[1], hi = m[2], name = buildName(b.build), r = req[b.build];
      body.append(el('tr', {'data-build': b.build}, [
        el('td', {'class': 'r', text: i + 1}),
        el('th', {scope: 'row', text: name}),
        el('td', {'class': 'r', text: money(+b.system_cost_usd, cur)}),
        el('td', {'class': 'r', text: (+m[0]).toFixed(2) + (lo != null && hi != null ? ' (' + (+lo).toFixed(2) + '\u2013' + (+hi).toFixed(2) + ')' : '')}),
        el('td', {}, [r ? el('a', {href: r, text: t('picker.request') + ' (PDF)', 'aria-label': t('picker.request') + ', ' + name + ' (PDF)'}) : '\u2014'])
      ]));
    });
    var head = ['picker.rank', 'picker.build', 'picker.cost', dec ? (cur === 'CNY' ? 'picker.decode_per_yuan' : 'picker.decode_per_dollar') : 'picker.per_dollar', 'picker.request'].map((h) => { return el('th', {scope: 'col', text: t(h)}); });
    var table = el('table', {}, [el('caption', {text: t('picker.title')}), el('thead', {}, [el('tr', {}, head)]), body]);
    out.append(el('div', {'class': 'tw', tabindex: '0', role: 'region', 'aria-label': t('picker.title')}, [table]));
    cards(table);
    // a market's money is what its buyers pay, not a conversion
    fx = (data.assumptions || []).filter((x) => x.key === 'fx_per_usd.' + cur)[0];
    if (fx) out.append(el('p', {'class': 'note', text: fill(t('picker.converted'), fx.value + ' ' + cur, fx.date)}));
  }

  function load() {
    if (box.dataset.state) return;
    box.dataset.state = 'loading';
    var wait = el('p', {text: t('picker.loading')});
    box.append(wait);
    function get(src) {
      return new Promise((ok, no) => {
        var s = el('script', {src: src});
        s.onload = ok;
        s.onerror = no;
        d.head.append(s);
      });
    }
    Promise.all([get('data/picker-data.js'), get(me.dataset.words)]).then(() => {
      data = window.gpuguideData;
      var w = window.gpuguideWords;
      if (!data || !w) throw 0;
      for (var k in w) T[k] = w[k];
      wait.remove();
      buildForm();
      box.dataset.state = 'ready';
      if (data.llm) get(me.src.replace(/picker\.js.*$/, 'calc.js')).then(() => {
        window.gpuguideCalc({data: data, t: t, el: el, fill: fill, lang: lang, box: box, src: me.src, buildName: buildName, money: money, rates: rates, cards: cards});
        box.dataset.calc = 'ready';
      }).catch(() => { box.dataset.calc = 'failed'; });
    }).catch(() => { wait.textContent = t('picker.failed'); box.dataset.state = 'failed'; });
  }

  function picker() {
    if (!box || !T['picker.title']) return;
    var det = el('details', {'class': 'picker'}, [el('summary', {text: t('picker.title')})]);
    box.append(det);
    box.hidden = false;
    box = det;
    det.ontoggle = () => { if (det.open) load(); };
  }

  function start() {
    var toc = d.querySelector('nav.toc details');
    if (toc && matchMedia('(min-width: 1001px)').matches) toc.open = true;
    sortable();
    each('main .tw table', cards);
    picker();
  }
  if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', start); else start();
})();
