// The Baton demo dashboard: polls /api/state every 500 ms, renders it, posts faults.
(function () {
  'use strict';

  const POLL_MS = 500;
  const PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#b07aa1', '#76b7b2',
    '#c9a227', '#ff9da7', '#9c755f', '#5c6bc0', '#8d99ae'];
  const HINTS = {
    'kill-leader': 'Kill the scheduler leader’s process. A successor is elected once its session times out.',
    'pause-leader': 'Freeze the leader (SIGSTOP). It cannot notice that it lost its session; when it wakes, its in-flight write carries a stale token.',
    'expire-session': 'Expire a worker’s ZooKeeper session: it loses leadership and partitions at once, then rejoins.',
    'cut-worker': 'Cut a worker’s connection to ZooKeeper; the process keeps running and keeps trying to write.',
    'kill-zk': 'Kill one ZooKeeper server. Two of three keep a quorum.',
    'restart-zk': 'Start a killed ZooKeeper server again.',
    'add-worker': 'Start one more worker; partitions rebalance onto it.',
    'remove-worker': 'Stop a worker gracefully: it hands its roles over at once.',
  };
  const DEFAULTS = { 'expire-session': '(the leader)', 'cut-worker': '(the leader)',
    'remove-worker': '(the newest)', 'kill-zk': '(its leader)', 'restart-zk': '(one that is down)' };
  const SHORT = { 'expire-session': 'Expire', 'cut-worker': 'Cut off', 'remove-worker': 'Remove' };
  const GONE = new Set(['killed', 'stopped']);

  const $ = (sel) => document.querySelector(sel);
  let state = null;
  let faultSignature = '';

  function esc(value) {
    return String(value == null ? '' : value).replace(/[&<>"']/g, (c) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
  }

  /** A worker's colour, stable across polls: w1 is always the first colour. */
  function colourOf(worker) {
    if (!worker) return '#bbb';
    const m = /(\d+)$/.exec(worker);
    let i;
    if (m) {
      i = (parseInt(m[1], 10) + PALETTE.length - 1) % PALETTE.length;
    } else {
      i = 0;
      for (const c of worker) i = (i * 31 + c.charCodeAt(0)) >>> 0;
      i %= PALETTE.length;
    }
    return PALETTE[i];
  }

  /** A token's exact value: the digits of its string form (JSON numbers past 2^53 lose precision). */
  function tokenText(token, value) {
    const m = /^ft:(\d+)/.exec(token || '');
    if (m) return m[1];
    return value == null ? '' : String(value);
  }

  function ago(ms) {
    const s = Math.max(0, Math.round(ms / 1000));
    if (s < 60) return s + ' s';
    if (s < 3600) return Math.floor(s / 60) + ' min ' + (s % 60) + ' s';
    return Math.floor(s / 3600) + ' h ' + Math.floor((s % 3600) / 60) + ' min';
  }

  function clock(at) {
    return at == null ? '' : new Date(at).toTimeString().slice(0, 8);
  }

  function swatch(worker) {
    return '<i class="swatch" style="background:' + colourOf(worker) + '"></i>';
  }

  /** Replaces an element's markup only when it changed, so clicks and focus survive polls. */
  function setHtml(el, html) {
    if (el.dataset.html !== html) {
      el.innerHTML = html;
      el.dataset.html = html;
    }
  }

  function setNumber(id, value) {
    const el = document.getElementById(id);
    const v = value == null ? 0 : value;
    el.textContent = v.toLocaleString('en-US');
    el.dataset.value = String(v);
  }

  function renderStatus(live, text) {
    const el = $('#status');
    el.dataset.live = String(live);
    el.querySelector('.text').textContent = text;
  }

  function renderLeader(s) {
    const el = $('#leader');
    const l = s.leader;
    if (!l) {
      el.dataset.worker = '';
      el.dataset.tokenValue = '';
      setHtml(el, '<p class="no-leader">No leader right now: an election is in progress.</p>');
      return;
    }
    const value = tokenText(l.token, l.tokenValue);
    el.dataset.worker = l.worker;
    el.dataset.tokenValue = value;
    const terms = (s.terms || []).length;
    setHtml(el,
      '<div class="leader-name">' + swatch(l.worker) + esc(l.worker) + '</div>' +
      '<div class="token"><span class="muted">fencing token</span> <span class="token-value">' +
      esc(value) + '</span></div>' +
      '<code class="token-string">' + esc(l.token) + '</code>' +
      '<p class="muted small">leading for ' + ago(s.now - l.since) + (terms ? ' · term ' + terms + ' of this run' : '') +
      '. Every job it creates carries this token; the store refuses lower ones.</p>');
  }

  function renderServers(s) {
    const zk = s.zookeeper || {};
    setHtml($('#servers'), (zk.servers || []).map((srv) =>
      '<li data-index="' + esc(srv.index) + '" data-state="' + esc(srv.state) + '" data-mode="' + esc(srv.mode) + '">' +
      '<span class="srv-name">zk' + esc(srv.id) + '</span>' +
      '<span class="mono small muted">' + esc(srv.address) + '</span>' +
      '<span class="badge state-' + esc(srv.state) + '">' + esc(srv.state) + '</span>' +
      '<span class="badge mode-' + esc(srv.mode) + '">' + esc(srv.mode) + '</span></li>').join('') ||
      '<li class="muted">no servers reported</li>');
    $('#connect-string').textContent = (zk.connectString || '') +
      (zk.tls ? ' · TLS' : '') + (zk.managed === false ? ' · external ensemble' : '');
  }

  function faultParamsHtml(f) {
    return (f.params || []).map((p) => {
      if (p === 'seconds') {
        return '<label>for <input type="number" data-param="seconds" name="seconds" value="10" min="1" max="300"> s</label>';
      }
      if (p === 'worker' || p === 'server') {
        const label = p === 'worker' ? 'worker' : 'server';
        return '<label>' + label + ' <select data-param="' + p + '" name="' + p + '"></select></label>';
      }
      return '<label>' + esc(p) + ' <input type="text" data-param="' + esc(p) + '" name="' + esc(p) + '"></label>';
    }).join(' ');
  }

  function renderFaults(s) {
    const faults = s.faults || [];
    const signature = JSON.stringify(faults);
    if (signature !== faultSignature) {
      faultSignature = signature;
      $('#faults').innerHTML = faults.map((f) =>
        '<div class="fault" data-kind="' + esc(f.kind) + '">' +
        '<button type="button" data-fault="' + esc(f.kind) + '">' + esc(f.label) + '</button> ' +
        faultParamsHtml(f) +
        (HINTS[f.kind] ? '<div class="hint">' + esc(HINTS[f.kind]) + '</div>' : '') + '</div>').join('');
    }
    // Values as the backend reads them: a worker's id, a server's id (1..n).
    const workers = (s.workers || []).filter((w) => !GONE.has(w.state))
      .map((w) => [w.id, w.id + (w.leader ? ' ★ leader' : '')]);
    const servers = ((s.zookeeper || {}).servers || []).map((srv) =>
      [String(srv.id), 'zk' + srv.id + ' (' + (srv.state === 'running' ? srv.mode : srv.state) + ')']);
    document.querySelectorAll('#faults select').forEach((sel) => {
      const kind = sel.closest('.fault').dataset.kind;
      const server = sel.dataset.param === 'server';
      fillSelect(sel, [['', DEFAULTS[kind] || '(default)']].concat(server ? servers : workers));
    });
  }

  function fillSelect(sel, options) {
    const html = options.map(([v, t]) => '<option value="' + esc(v) + '">' + esc(t) + '</option>').join('');
    if (sel.dataset.html === html) return;
    const keep = sel.value;
    sel.innerHTML = html;
    sel.dataset.html = html;
    sel.value = options.some(([v]) => v === keep) ? keep : '';
  }

  /** One row per worker, kept across polls and updated cell by cell, so its buttons stay clickable. */
  function renderWorkers(s) {
    const tbody = $('#workers tbody');
    const perWorker = (s.faults || []).filter((f) => (f.params || []).includes('worker'));
    const workers = s.workers || [];
    const rows = new Map();
    tbody.querySelectorAll('tr[data-worker]').forEach((tr) => rows.set(tr.dataset.worker, tr));
    tbody.querySelectorAll('tr:not([data-worker])').forEach((tr) => tr.remove());
    workers.forEach((w) => {
      let tr = rows.get(w.id);
      rows.delete(w.id);
      if (!tr) {
        tr = document.createElement('tr');
        tr.dataset.worker = w.id;
        tr.innerHTML = '<td></td><td></td><td class="mono"></td><td class="n"></td><td class="n"></td><td class="n"></td><td class="actions"></td>';
      }
      tbody.appendChild(tr); // keeps the backend's order
      const gone = GONE.has(w.state);
      const parts = w.partitions || [];
      const c = tr.cells;
      tr.dataset.state = w.state;
      tr.classList.toggle('gone', gone);
      setHtml(c[0], swatch(w.id) + '<strong>' + esc(w.id) + '</strong>' + (w.leader ? ' <span class="badge leader" title="the scheduler leader">★ leader</span>' : ''));
      setHtml(c[1], '<span class="badge state-' + esc(w.state) + '">' + esc(w.state) + '</span>' +
        (w.until ? ' <span class="muted small">' + ago(w.until - s.now) + ' left</span>' : ''));
      c[2].textContent = w.pid == null ? '' : String(w.pid);
      c[3].textContent = String(parts.length);
      c[3].title = parts.length ? 'partitions ' + parts.join(', ') : 'no partitions';
      c[4].textContent = String(w.jobs == null ? 0 : w.jobs);
      c[5].textContent = String(w.results == null ? 0 : w.results);
      setHtml(c[6], perWorker.map((f) =>
        '<button type="button" class="small-btn" data-worker-fault="' + esc(f.kind) + '" data-worker="' + esc(w.id) + '"' +
        (gone ? ' disabled' : '') + ' title="' + esc(f.label) + ': ' + esc(w.id) + '">' + esc(SHORT[f.kind] || f.label) + '</button>').join(''));
    });
    rows.forEach((tr) => tr.remove());
    if (!workers.length) tbody.innerHTML = '<tr><td colspan="7" class="muted">no workers</td></tr>';
  }

  function renderPartitions(s) {
    const cells = (s.partitions || []).map((p) => {
      const fresh = p.since != null && s.now - p.since < 2000 ? ' fresh' : '';
      const token = tokenText(p.token, p.tokenValue);
      if (!p.owner) {
        return '<div class="cell unowned" data-partition="' + esc(p.partition) + '" data-owner="" data-token-value="">' +
          '<span class="pid">P' + esc(p.partition) + '</span><span class="owner">unowned</span><span class="tok">&nbsp;</span></div>';
      }
      return '<div class="cell' + fresh + '" data-partition="' + esc(p.partition) + '" data-owner="' + esc(p.owner) +
        '" data-token-value="' + esc(token) + '" style="--c:' + colourOf(p.owner) + '" title="' +
        esc('partition ' + p.partition + ': ' + p.owner + ' with ' + (p.token || token) +
          (p.since ? ' since ' + clock(p.since) : '')) + '">' +
        '<span class="pid">P' + esc(p.partition) + '</span><span class="owner">' + esc(p.owner) + '</span>' +
        '<span class="tok">' + esc(token) + '</span></div>';
    });
    setHtml($('#partitions'), cells.join('') || '<p class="muted">no partitions reported</p>');
  }

  function renderRejected(s) {
    const r = s.rejected || { total: 0, recent: [] };
    const el = $('#rejected');
    el.dataset.total = String(r.total || 0);
    $('#rejected-count').textContent = r.total ? '(' + r.total + ' in total, newest first)' : '';
    el.classList.toggle('has-items', (r.recent || []).length > 0);
    setHtml(el.querySelector('ol'), (r.recent || []).map((x) =>
      '<li data-worker="' + esc(x.worker) + '" data-what="' + esc(x.what) + '">' +
      '<span class="muted mono small">' + clock(x.at) + '</span> ' + swatch(x.worker) + '<strong>' + esc(x.worker) + '</strong> ' +
      'tried to write a ' + esc(x.what) + (x.partition != null ? ' of partition ' + esc(x.partition) : '') +
      (x.resource ? ' <span class="mono small">' + esc(x.resource) + '</span>' : '') +
      '<br><span class="stale">stale token ' + esc(tokenText(x.presented, x.presentedValue)) + '</span> &lt; ' +
      '<span class="current">current ' + esc(tokenText(x.current, x.currentValue)) + '</span> → rejected</li>').join(''));
  }

  function renderTerms(s) {
    const all = (s.terms || []).slice().reverse();
    const terms = all.slice(0, 12);
    const older = all.length - terms.length;
    setHtml($('#terms tbody'), terms.map((t) =>
      '<tr' + (t.to == null ? ' class="current"' : '') + ' data-worker="' + esc(t.worker) + '">' +
      '<td>' + swatch(t.worker) + esc(t.worker) + '</td>' +
      '<td class="mono" title="' + esc(t.token) + '">' + esc(tokenText(t.token, t.tokenValue)) + '</td>' +
      '<td class="mono">' + clock(t.from) + '</td>' +
      '<td>' + (t.to == null ? 'leading, ' + ago(s.now - t.from) : ago(t.to - t.from)) + '</td>' +
      '<td>' + esc(t.reason || (t.to == null ? '' : '—')) + '</td></tr>').join('') +
      (older > 0 ? '<tr><td colspan="5" class="muted small">and ' + older + ' older terms</td></tr>' : '') ||
      '<tr><td colspan="5" class="muted">no terms yet</td></tr>');
  }

  function render(s) {
    state = s;
    renderStatus(true, 'live · up ' + ago(s.now - (s.startedAt || s.now)));
    renderLeader(s);
    setNumber('jobs-created', (s.jobs || {}).created);
    setNumber('results-accepted', (s.results || {}).accepted);
    setNumber('rejected-total', (s.rejected || {}).total);
    renderServers(s);
    renderFaults(s);
    renderWorkers(s);
    renderPartitions(s);
    renderRejected(s);
    renderTerms(s);
    window.BatonTimeline.draw($('#timeline'), s, { colourOf, tokenText, ago });
  }

  async function poll() {
    try {
      const response = await fetch('api/state', { cache: 'no-store', signal: AbortSignal.timeout(3000) });
      if (!response.ok) throw new Error('HTTP ' + response.status);
      render(await response.json());
    } catch (e) {
      renderStatus(false, 'no answer from the demo (' + (e && e.message ? e.message : e) + '), retrying…');
    } finally {
      setTimeout(poll, POLL_MS);
    }
  }

  function showMessage(ok, text) {
    const el = $('#message');
    el.dataset.ok = String(ok);
    el.textContent = clock(Date.now()) + '  ' + text;
  }

  async function inject(kind, params, button) {
    button.disabled = true;
    button.classList.add('busy');
    try {
      const response = await fetch('api/faults/' + encodeURIComponent(kind),
        { method: 'POST', body: new URLSearchParams(params) });
      const body = await response.json().catch(() => ({}));
      showMessage(response.ok && body.ok === true,
        body.message || body.error || ('HTTP ' + response.status));
    } catch (e) {
      showMessage(false, 'the demo did not answer: ' + e);
    } finally {
      button.disabled = false;
      button.classList.remove('busy');
    }
  }

  function paramsOf(row) {
    const params = {};
    row.querySelectorAll('[data-param]').forEach((input) => {
      if (input.value !== '') params[input.dataset.param] = input.value;
    });
    return params;
  }

  document.addEventListener('click', (event) => {
    const button = event.target.closest('button');
    if (!button || button.disabled) return;
    if (button.dataset.fault) {
      inject(button.dataset.fault, paramsOf(button.closest('.fault')), button);
    } else if (button.dataset.workerFault) {
      const kind = button.dataset.workerFault;
      const row = document.querySelector('#faults .fault[data-kind="' + CSS.escape(kind) + '"]');
      const params = row ? paramsOf(row) : {};
      params.worker = button.dataset.worker;
      inject(kind, params, button);
    }
  });

  window.addEventListener('resize', () => {
    if (state) window.BatonTimeline.draw($('#timeline'), state, { colourOf, tokenText, ago });
  });

  poll();
})();
