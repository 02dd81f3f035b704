/* gpuguide: the LLM calculator inside the picker ("Will it run, and what
 * should I buy for it?"): a model of llm_models.csv, a shape typed in or
 * a config.json pasted (read here, never sent), in any use; the memory by
 * part, the card sizes that hold it, the builds and unified-memory
 * machines that hold it with their price, its age, decode speed and
 * tokens per second per unit of money.  Every formula is gen/model/llm.c's
 * and llm_decode.c's, term by term in the same order, and every number
 * comes from data/picker-data.js (data.llm: what the C program computes
 * with), so the page and the guide's LLM tables agree.  Loaded by
 * assets/picker.js after the data; it calls window.gpuguideCalc(P). */
window.gpuguideCalc = (P) => {
  var d = document, data = P.data, L = data.llm, C = L.constants, t = P.t, el = P.el, fill = P.fill, lang = P.lang, req = {};
  (data.requests || []).forEach((q) => { req[q.build] = q.request; });
  d.head.append(el('link', {rel: 'stylesheet', href: P.src.replace(/picker\.js.*$/, 'calc.css')}));
  var SHAPE = ['params_b', 'active_params_b', 'layers', 'hidden', 'heads', 'kv_heads', 'head_dim', 'intermediate', 'max_context', 'sliding_window', 'sliding_layers', 'kv_latent_dim'];
  var PRECISIONS = ['fp16', 'fp8', 'int8', 'q4'], COUNTS = [1, 2, 4, 8];
  var USES = ['one', 'team', 'long', 'lora', 'qlora', 'full'], TRAIN = {lora: 'lora', qlora: 'qlora', full: 'full'};
  var S = {}, form, shapeBox, live, parts, fits, list, note, msg, area;

  // ---- gen/model/llm.c, term by term ----
  function weightBytes(m, p) { return m.params_b * 1e9 * L.bytes_per_param[p]; }
  function kvElements(m) { return m.kv_latent_dim > 0 ? m.kv_latent_dim : 2.0 * m.kv_heads * m.head_dim; }
  function kvCachedTokens(m, tokens) {
    var w = m.sliding_layers > 0 ? Math.min(tokens, m.sliding_window) : tokens;
    return (m.layers - m.sliding_layers) * tokens + m.sliding_layers * w;
  }
  function kvBytes(m, tokens, batch, kv) { return kvElements(m) * kvCachedTokens(m, tokens) * batch * L.kv_element_bytes[kv]; }
  function loraParams(m) {
    var h = m.hidden, q = m.heads * m.head_dim, kv = m.kv_heads * m.head_dim, f = m.intermediate;
    return C.lora_rank * ((h + q) + 2 * (h + kv) + (q + h) + 3 * (h + f)) * m.layers;
  }
  function activations(m) { return C.train_seq * C.train_batch * m.hidden * (m.layers * C.act_checkpoint_bytes + C.act_layer_bytes); }
  // llm_inference_memory_kv and llm_memory
  function memory(m, mode, p, kv, tokens, users) {
    var x = {weights: 0, kv_cache: 0, trained: 0, activations: 0, overhead: 0, total: 0}, sum;
    if (!mode) {
      x.weights = weightBytes(m, p);
      x.kv_cache = kvBytes(m, tokens, users, kv);
      x.overhead = C.inference_overhead;
      x.total = x.weights + x.kv_cache + x.overhead;
      return x;
    }
    if (mode === 'full') {
      x.weights = weightBytes(m, 'fp16');
      x.trained = m.params_b * 1e9 * C.adam_bytes_per_param - x.weights;
    } else {
      x.weights = weightBytes(m, mode === 'qlora' ? 'nf4' : p);
      x.trained = loraParams(m) * C.adam_bytes_per_param;
    }
    x.activations = activations(m);
    sum = x.weights + x.trained + x.activations;
    x.overhead = C.train_overhead * sum;
    x.total = sum + x.overhead;
    return x;
  }
  function headroom(mode) { return mode ? C.memory_headroom_train : C.memory_headroom; }
  // llm_usable_bytes: count cards less the split's loss and the mode's headroom
  function usable(memGb, count, mode) { return count * memGb * C.gpu_memory_unit * (count > 1 ? 1 - C.tp_overhead : 1) * (1 - headroom(mode)); }
  function minGpus(g, need, mode) { return COUNTS.filter((n) => need <= usable(g.memory_gb, n, mode))[0] || 0; }
  // llm_step_bytes: the weights a token reads once, every user's KV cache
  function stepBytes(m, p, kv, tokens, users) {
    var read = m.active_params_b > 0 ? m.active_params_b / m.params_b : 1, one = kvBytes(m, tokens, 1, kv);
    return weightBytes(m, p) * read + one + (users - 1) * one;
  }
  // llm_decode.c: published runs for one user, else the fitted model with
  // its mean leave-one-out error either side
  function decode(runs, eff, err, bw, m, p, kv, tokens, users) {
    var x = {per_user: 0, together: 0, low: 0, high: 0, runs: []};
    if (users <= 1) runs.forEach((r) => {
      var v = r.tokens_per_s, n = x.runs.length;
      x.low = n ? Math.min(x.low, v) : v;
      x.high = n ? Math.max(x.high, v) : v;
      x.per_user = (x.per_user * n + v) / (n + 1);
      x.together = x.per_user;
      x.runs.push(r);
    });
    if (x.runs.length || !(eff > 0)) return x;
    x.per_user = eff * bw * C.bandwidth_unit / stepBytes(m, p, kv, tokens, users);
    x.together = x.per_user * users;
    x.low = x.together * (1 - err);
    x.high = x.together * (1 + err);
    return x;
  }

  // ---- numbers as the guide prints them ----
  function num(v, dec) { return new Intl.NumberFormat(lang, {minimumFractionDigits: dec, maximumFractionDigits: dec}).format(v); }
  function gb(bytes) { return num(bytes / C.gpu_memory_unit, 1); }
  // a cloud price an hour, in cents
  function hourly(usd, cur) {
    try { return new Intl.NumberFormat(lang, {style: 'currency', currency: cur, minimumFractionDigits: 2}).format(usd * P.rates()[cur]); }
    catch (e) { return cur + ' ' + (usd * P.rates()[cur]).toFixed(2); }
  }
  function days(date) { return Math.round((Date.parse(data.edition_date) - Date.parse(date)) / 864e5); }
  // a price's age in words: today's, one day old, n days old
  function age(date) {
    var n = days(date);
    return fill(t(n <= 0 ? 'calc.today' : n === 1 ? 'calc.day' : 'calc.days'), num(n, 0), date);
  }

  // ---- the model the reader gave ----
  function chosen() { return L.models.filter((m) => m.name === form.model.value)[0]; }
  function setShape(m) { SHAPE.forEach((k) => { S[k].value = m[k] ? String(m[k]) : ''; }); }
  function shape() {
    var m = chosen(), s = {name: ''};
    if (m) return m;
    SHAPE.forEach((k) => { s[k] = +S[k].value || 0; });
    if (!(s.params_b > 0 && s.layers > 0 && s.kv_heads > 0 && s.head_dim > 0)) return null;
    s.heads = s.heads || s.kv_heads;
    s.hidden = s.hidden || s.heads * s.head_dim;
    s.intermediate = s.intermediate || 4 * s.hidden;
    if (!(s.sliding_window > 0 && s.sliding_layers > 0)) s.sliding_window = s.sliding_layers = 0;
    s.sliding_layers = Math.min(s.sliding_layers, s.layers);
    if (s.active_params_b > s.params_b) s.active_params_b = 0;
    return s;
  }

  // config.json as Hugging Face writes it (the text model's part of a
  // multimodal one): sliding-window layers from layer_types or
  // sliding_window_pattern, latent attention from kv_lora_rank.  The
  // parameter count is not in config.json: the reader types it.
  function readConfig(text) {
    var j = JSON.parse(text), c = j.text_config || j, n = c.num_hidden_layers, got = {}, slide = 0;
    if (!(n > 0)) throw new Error('num_hidden_layers');
    got.layers = n;
    got.hidden = c.hidden_size;
    got.heads = c.num_attention_heads;
    got.kv_heads = c.num_key_value_heads || c.num_attention_heads;
    got.head_dim = c.head_dim || c.v_head_dim || c.hidden_size / c.num_attention_heads;
    got.intermediate = c.intermediate_size;
    got.max_context = c.max_position_embeddings;
    got.kv_latent_dim = c.kv_lora_rank ? c.kv_lora_rank + (c.qk_rope_head_dim || 0) : 0;
    if (Array.isArray(c.layer_types)) slide = c.layer_types.filter((x) => /sliding/.test(x)).length;
    else if (c.sliding_window && c.sliding_window_pattern > 1) slide = n - Math.floor(n / c.sliding_window_pattern);
    else if (c.sliding_window && c.use_sliding_window) slide = c.max_window_layers < n ? n - c.max_window_layers : n;
    got.sliding_window = slide ? c.sliding_window : 0;
    got.sliding_layers = slide;
    if (c.num_experts_per_tok || c.num_experts_per_token || c.experts_per_token) got.moe = 1;
    form.model.value = '';
    SHAPE.forEach((k) => { if (k in got) S[k].value = got[k] > 0 ? String(got[k]) : ''; });
    shapeBox.open = true;
    return got;
  }

  // ---- what holds it ----
  function gpu(name) { return L.gpus.filter((g) => g.name === name)[0]; }
  function runs(rows, key, name, m, p) { return m.name ? rows.filter((r) => r[key] === name && r.model === m.name && r.precision === p) : []; }
  function holders(m, need, mode, p, kv, tokens, users) {
    var out = [], server = data.picker_server_only || [];
    (data.per_dollar || []).forEach((b) => {
      var g = gpu(b.gpu), n = +b.gpu_count, eff, one, all, r;
      if (!g || server.indexOf(b.build) >= 0 || need.total > usable(g.memory_gb, n, mode)) return;
      eff = L.speed[g.kind];
      r = runs(L.measured, 'gpu', g.name, m, p);
      one = mode ? null : decode(r, eff, L.speed.mean_abs_error_loo, g.bandwidth_gbs, m, p, kv, tokens, 1);
      all = mode || users <= 1 ? one : decode(r, eff, L.speed.mean_abs_error_loo, g.bandwidth_gbs, m, p, kv, tokens, users);
      out.push({id: b.build, name: P.buildName(b.build), usd: +b.system_cost_usd, date: b.price_latest_date, count: n,
        split: n > 1 && minGpus(g, need.total, mode) > 1, one: one, all: all, request: req[b.build]});
    });
    (data.machines || []).forEach((k) => {
      var cap = k.usable_gb * C.gpu_memory_unit * (1 - headroom(mode)), r = runs(L.machine_measured, 'machine', k.machine, m, p), one, all;
      if (need.total > cap) return;
      one = mode ? null : decode(r, L.speed.machine, L.speed.machine_mean_abs_error_loo, k.bandwidth_gbs, m, p, kv, tokens, 1);
      all = mode || users <= 1 ? one : decode(r, L.speed.machine, L.speed.machine_mean_abs_error_loo, k.bandwidth_gbs, m, p, kv, tokens, users);
      out.push({id: k.machine, machine: 1, name: k.machine, usd: +k.price_usd || 0, date: k.price_date, url: L.machine_urls[k.machine], count: 1, one: one, all: all});
    });
    out.forEach((c) => { c.score = c.usd > 0 && c.all && c.all.together > 0 ? c.all.together / c.usd * 1000 : 0; });
    return out.sort((a, b) => (b.score - a.score) || ((a.usd || 1e300) - (b.usd || 1e300)));
  }
  // the money the per-money column divides by: 1,000 of a currency, or
  // 10,000 yuan as the guide counts yuan (per ¥10,000)
  function perMoney(money) { return money === 'CNY' ? 10000 : 1000; }
  // the smallest cloud offer (least memory, then cheapest) that holds it
  function cloud(need, mode) {
    var best = null;
    (data.cloud_offers || []).forEach((o) => {
      var g = gpu(o.gpu), n = +o.gpu_count, price = [['on_demand', o.on_demand_per_hour_usd], ['community', o.community_per_hour_usd], ['spot', o.spot_per_hour_usd]].filter((x) => x[1] > 0)[0];
      if (!g || !price || need.total > usable(g.memory_gb, n, mode)) return;
      var c = {o: o, mem: n * g.memory_gb, usd: +price[1], date: o[price[0] + '_date']};
      if (!best || c.mem < best.mem || (c.mem === best.mem && c.usd < best.usd)) best = c;
    });
    return best;
  }

  // ---- the page ----
  function cur() { var s = d.getElementById('pk-cur'); return s ? s.value : 'USD'; }
  // a table in its scroll box; cards: one card a row on phones (picker.js)
  function table(caption, heads, rows, cls, cards) {
    var tb = el('table', {'class': cls}, [el('caption', {text: caption}),
      el('thead', {}, [el('tr', {}, heads.map((h) => el('th', {scope: 'col', text: h})))]), el('tbody', {}, rows)]);
    var box = el('div', {'class': 'tw', tabindex: '0', role: 'region', 'aria-label': caption}, [tb]);
    if (cards) P.cards(tb);
    return box;
  }
  function speedText(x) {
    if (!x || !(x.together > 0)) return '\u2014';
    return num(x.together, 1) + ' (' + num(x.low, 1) + '\u2013' + num(x.high, 1) + ')';
  }
  function oneCell(c) {
    var x = c.one, td = el('td', {'class': 'r'});
    if (!x || !(x.together > 0)) { td.append('\u2014'); return td; }
    td.setAttribute('data-tps', String(x.together));
    td.setAttribute('data-basis', x.runs.length ? 'measured' : 'modelled');
    td.append(speedText(x), el('br'));
    td.append(el('small', {}, [x.runs.length ? el('a', {href: x.runs[0].url, text: fill(t('calc.measured'), x.runs.length, x.runs[0].date)}) : t('calc.modelled')]));
    return td;
  }
  function setStatus(text) { if (live.textContent !== text) live.textContent = text; }
  function render() {
    var m = shape(), use = form.use.value, mode = TRAIN[use] || '', p = form.precision.value, kv = form.kv.value;
    var tokens = Math.max(1, Math.round(+form.context.value || 0)), users = Math.max(1, Math.round(+form.users.value || 1)), need, rows, hold, money, c, say;
    [parts, fits, list, note].forEach((x) => { x.textContent = ''; });
    sec.calcRows = [];
    form.context.disabled = form.users.disabled = form.kv.disabled = !!mode;
    form.precision.disabled = mode === 'qlora' || mode === 'full';
    if (!m) return setStatus(t('calc.incomplete'));
    need = memory(m, mode, p, kv, tokens, users);
    live.setAttribute('data-total', String(need.total));
    say = fill(t(mode ? 'calc.need_train' : 'calc.need'), gb(need.total), num(100 * (1 - headroom(mode)), 0));
    if (!mode && m.max_context > 0 && tokens > m.max_context) say += ' ' + fill(t('calc.beyond'), num(m.max_context, 0), '');
    rows = ['weights', 'kv_cache', 'trained', 'activations', 'overhead', 'total'].filter((k) => need[k] > 0).map((k) =>
      el('tr', {'data-part': k, 'data-bytes': String(need[k])}, [el('th', {scope: 'row', text: t('calc.part.' + k)}), el('td', {'class': 'r', text: gb(need[k]) + ' GB'})]));
    parts.append(table(t('calc.parts_caption'), [t('calc.part'), t('calc.memory')], rows, 'calc-parts'));
    rows = COUNTS.map((n) => {
      var ok = L.gpus.filter((g) => { var k = minGpus(g, need.total, mode); return k > 0 && k <= n; });
      var size = ok.length ? Math.min.apply(null, ok.map((g) => g.memory_gb)) : 0;
      var names = ok.filter((g) => g.memory_gb === size).map((g) => g.name).join(', ');
      return el('tr', {'data-count': String(n), 'data-gpus': names}, [el('th', {scope: 'row', text: String(n)}),
        el('td', {'class': 'r', text: size ? num(size, 0) + ' GB' : '\u2014'}), el('td', {text: names || t('calc.none_fit')})]);
    });
    fits.append(table(t('calc.fit_caption'), [t('calc.cards'), t('calc.card_size'), t('calc.gpus')], rows, 'calc-fit'));
    hold = sec.calcRows = holders(m, need, mode, p, kv, tokens, users);
    money = cur();
    if (!hold.length) {
      c = cloud(need, mode);
      say += ' ' + (c ? fill(t('calc.cloud'), c.o.provider + ', ' + P.buildName(c.o.gpu_count + 'x ' + c.o.gpu), hourly(c.usd, money)) + ' ' + fill(t('calc.price_of'), c.date, '') : t('calc.nothing'));
      list.append(el('p', {'class': 'calc-cloud', text: say}));
      return setStatus(say);
    }
    say += ' ' + fill(t('calc.count'), hold.length, hold[0].name);
    setStatus(say);
    rows = hold.slice(0, 12).map((c, i) => {
      var name = el('th', {scope: 'row'}), price = el('td', {'class': 'r'});
      name.append(c.machine && c.url ? el('a', {href: c.url, text: c.name}) : c.name);
      if (c.machine || c.split) name.append(el('br'), el('small', {text: c.machine ? t('calc.machine') : fill(t('calc.split_row'), c.count, '')}));
      if (c.usd > 0) price.append(P.money(c.usd, money), el('br'), el('small', {text: age(c.date)}));
      else price.append(t('calc.no_price'));
      var tr = el('tr', {'data-build': c.id}, [el('td', {'class': 'r', text: String(i + 1)}), name, price]);
      if (!mode) {
        tr.append(oneCell(c));
        if (users > 1) tr.append(el('td', {'class': 'r', 'data-all': String(c.all.together), text: speedText(c.all)}));
        tr.append(el('td', {'class': 'r', 'data-per-money': '1', text: c.score > 0 ? num(c.score / P.rates()[money] * perMoney(money) / 1000, 2) : '\u2014'}));
      }
      tr.append(el('td', {}, [c.request ? el('a', {href: c.request, text: t('picker.request') + ' (PDF)', 'aria-label': t('picker.request') + ', ' + c.name + ' (PDF)'}) : '\u2014']));
      return tr;
    });
    var heads = [t('picker.rank'), t('calc.col.system'), t('calc.col.price')];
    if (!mode) heads = heads.concat([t('calc.col.one')], users > 1 ? [fill(t('calc.col.all'), users, '')] : [], [money === 'CNY' ? t('calc.col.per_yuan') : fill(t('calc.col.per_money'), money, '')]);
    list.append(table(fill(t(mode ? 'calc.builds_caption_train' : 'calc.builds_caption'), hold.length, ''), heads.concat([t('picker.request')]), rows, 'calc-builds', true));
    if (hold.some((c) => c.count > 1)) note.append(el('p', {'class': 'note', text: t('calc.split')}));
    if (!mode) note.append(el('p', {'class': 'note', text: fill(t('calc.ranges'), num(100 * L.speed.mean_abs_error_loo, 0), num(100 * L.speed.machine_mean_abs_error_loo, 0))}));
  }

  // ---- the form ----
  function field(name, label, control, cls) {
    control.name = name;
    control.id = 'calc-' + name;
    return el('label', {'for': control.id, 'class': cls || ''}, [el('span', {text: label}), control]);
  }
  function select(name, label, opts) { return field(name, label, el('select', {}, opts.map((o) => el('option', {value: o[0], text: o[1]})))); }
  function number(name, label, step) { return field(name, label, el('input', {type: 'number', min: '0', step: step || '1', inputmode: 'decimal'})); }
  function setUse() {
    var u = form.use.value;
    form.context.value = String(u === 'long' ? C.context_longest : u === 'team' ? C.context_long : C.context);
    form.users.value = String(u === 'team' ? C.serving_users : C.batch);
  }

  var sec = el('section', {'class': 'calc', 'aria-labelledby': 'calc-h'}, [el('h3', {id: 'calc-h', text: t('calc.title')}), el('p', {text: t('calc.intro')})]);
  var read = el('button', {type: 'button', text: t('calc.read')}), models = L.models.map((m) => [m.name, m.name]);
  area = el('textarea', {rows: '4', spellcheck: 'false'});
  msg = el('p', {'class': 'note', role: 'status'});
  shapeBox = el('details', {'class': 'calc-shape'}, [el('summary', {text: t('calc.shape')}),
    el('div', {'class': 'calc-grid'}, SHAPE.map((k) => number(k, t('calc.' + k), /params/.test(k) ? 'any' : '1'))),
    field('config', t('calc.config'), area, 'calc-wide'), read, msg]);
  SHAPE.forEach((k) => { S[k] = shapeBox.querySelector('[name="' + k + '"]'); });
  form = el('form', {'class': 'calc-form calc-grid'}, [
    select('model', t('calc.model'), models.concat([['', t('calc.custom')]])),
    select('use', t('calc.use'), USES.map((u) => [u, t('calc.use.' + u)])),
    select('precision', t('calc.precision'), PRECISIONS.map((p) => [p, t('calc.precision.' + p)])),
    select('kv', t('calc.kv'), [['fp16', t('calc.kv.fp16')], ['fp8', t('calc.kv.fp8')]]),
    number('context', t('calc.context'), '1'), number('users', t('calc.users'))]);
  live = el('p', {'class': 'calc-need', 'aria-live': 'polite', role: 'status'});
  parts = el('div'); fits = el('div'); list = el('div'); note = el('div');
  sec.append(form, shapeBox, live, parts, fits, list, note);
  P.box.append(sec);
  form.onsubmit = (e) => { e.preventDefault(); };
  form.model.onchange = () => { var m = chosen(); if (m) setShape(m); render(); };
  form.use.onchange = () => { setUse(); render(); };
  form.oninput = render;
  shapeBox.oninput = (e) => { if (e.target !== area && form.model.value !== '') form.model.value = ''; if (e.target !== area) render(); };
  read.onclick = () => {
    try {
      var got = readConfig(area.value);
      msg.textContent = fill(t(got.moe ? 'calc.config_moe' : 'calc.config_ok'), got.layers, '');
    } catch (e) { msg.textContent = fill(t('calc.config_bad'), e.message, ''); }
    render();
  };
  var cur0 = d.getElementById('pk-cur');
  if (cur0) cur0.addEventListener('change', render);
  form.model.value = L.models[0].name;
  setShape(L.models[0]);
  setUse();
  render();
  return {render: render, form: form, shape: shapeBox};
};
