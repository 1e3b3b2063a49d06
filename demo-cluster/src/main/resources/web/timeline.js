// The dashboard's timeline: an SVG of the last two minutes, one lane per worker. Each lane shows the
// worker's leadership terms (bars labelled with their token), how many partitions it owned (a step
// area, with ticks where partitions were assigned or released) and its rejected writes (red marks);
// faults and ZooKeeper server events are vertical markers across all lanes.
(function () {
  'use strict';

  const NS = 'http://www.w3.org/2000/svg';
  const WINDOW_MS = 120000;
  const TICK_MS = 15000;
  const LABEL_W = 70;
  const RIGHT = 14;
  const TOP = 24;
  const LANE_H = 44;
  const BOTTOM = 22;

  function node(name, attrs, parent, text) {
    const n = document.createElementNS(NS, name);
    Object.keys(attrs).forEach((k) => n.setAttribute(k, attrs[k]));
    if (text != null) n.textContent = text;
    if (parent) parent.appendChild(n);
    return n;
  }

  function tip(parent, text) {
    node('title', {}, parent, text);
    return parent;
  }

  function byNumber(a, b) {
    const na = parseInt((/(\d+)$/.exec(a) || [])[1], 10);
    const nb = parseInt((/(\d+)$/.exec(b) || [])[1], 10);
    if (!isNaN(na) && !isNaN(nb) && na !== nb) return na - nb;
    return a < b ? -1 : a > b ? 1 : 0;
  }

  /** Partitions owned by a worker over time, rebuilt backwards from its current count. */
  function ownershipSteps(worker, current, events, start, now) {
    const steps = [];
    let count = current;
    let until = now;
    for (let i = events.length - 1; i >= 0; i--) {
      const e = events[i];
      if (e.at < start) break;
      if (e.worker !== worker || (e.kind !== 'assigned' && e.kind !== 'released')) continue;
      steps.push({ from: e.at, to: until, count: count });
      count = Math.max(0, count + (e.kind === 'assigned' ? -1 : 1));
      until = e.at;
    }
    steps.push({ from: start, to: until, count: count });
    return steps;
  }

  function draw(svg, s, h) {
    const width = Math.max(520, Math.floor(svg.parentNode.clientWidth || 900));
    const plotW = width - LABEL_W - RIGHT;
    const now = s.now;
    const start = now - WINDOW_MS;
    const x = (t) => LABEL_W + ((Math.max(start, Math.min(now, t)) - start) / WINDOW_MS) * plotW;
    const events = (s.timeline || []).slice().sort((a, b) => a.at - b.at);
    const terms = s.terms || [];
    const workers = new Map((s.workers || []).map((w) => [w.id, w]));

    const laneIds = new Set(workers.keys());
    terms.forEach((t) => { if (t.to == null || t.to >= start) laneIds.add(t.worker); });
    events.forEach((e) => { if (e.worker && e.at >= start) laneIds.add(e.worker); });
    const lanes = Array.from(laneIds).filter(Boolean).sort(byNumber);
    const laneTop = new Map(lanes.map((id, i) => [id, TOP + i * LANE_H]));
    const height = TOP + Math.max(1, lanes.length) * LANE_H + BOTTOM;
    const bottom = height - BOTTOM;
    const partitionsTotal = Math.max(1, (s.partitions || []).length);

    while (svg.firstChild) svg.removeChild(svg.firstChild);
    svg.setAttribute('width', width);
    svg.setAttribute('height', height);
    svg.setAttribute('viewBox', '0 0 ' + width + ' ' + height);

    // lanes and their labels
    lanes.forEach((id, i) => {
      const y = laneTop.get(id);
      const w = workers.get(id);
      const gone = !w || w.state === 'killed' || w.state === 'stopped';
      node('rect', { class: 'lane' + (i % 2 ? ' odd' : ''), x: 0, y: y, width: width, height: LANE_H }, svg);
      const label = node('g', { class: 'lane-label' + (gone ? ' gone' : '') }, svg);
      node('circle', { cx: 12, cy: y + LANE_H / 2, r: 5, fill: h.colourOf(id) }, label);
      node('text', { x: 22, y: y + LANE_H / 2 + 4 }, label, id);
      if (w && w.state !== 'running') {
        node('text', { class: 'lane-state', x: 22, y: y + LANE_H / 2 + 15 }, label, w.state);
      }
    });
    if (!lanes.length) {
      node('text', { class: 'empty', x: LABEL_W, y: TOP + LANE_H / 2 + 4 }, svg, 'waiting for workers…');
    }

    // time grid
    for (let k = 0; k * TICK_MS <= WINDOW_MS; k++) {
      const gx = x(now - k * TICK_MS);
      node('line', { class: 'grid', x1: gx, x2: gx, y1: TOP, y2: bottom }, svg);
      node('text', { class: 'axis', x: gx, y: bottom + 15, 'text-anchor': k === 0 ? 'end' : 'middle' },
        svg, k === 0 ? 'now' : '−' + (k * TICK_MS) / 1000 + ' s');
    }

    // partitions owned (step area) with assigned / released ticks
    lanes.forEach((id) => {
      const y = laneTop.get(id);
      const base = y + LANE_H - 4;
      const w = workers.get(id);
      const current = w ? (w.partitions || []).length : 0;
      ownershipSteps(id, current, events, start, now).forEach((st) => {
        if (st.count <= 0 || st.to <= st.from) return;
        const hgt = Math.max(2, (st.count / partitionsTotal) * 18);
        tip(node('rect', { class: 'owned', x: x(st.from), y: base - hgt, width: Math.max(0.5, x(st.to) - x(st.from)),
          height: hgt, fill: h.colourOf(id) }, svg), id + ' owned ' + st.count + ' partition' + (st.count === 1 ? '' : 's'));
      });
    });
    events.forEach((e) => {
      if (e.at < start || !laneTop.has(e.worker)) return;
      const y = laneTop.get(e.worker);
      const ex = x(e.at);
      if (e.kind === 'assigned' || e.kind === 'released') {
        tip(node('line', { class: e.kind === 'assigned' ? 'assign-tick' : 'release-tick', x1: ex, x2: ex,
          y1: y + 22, y2: y + LANE_H - 2, stroke: e.kind === 'assigned' ? h.colourOf(e.worker) : '#777' }, svg),
        e.text || e.worker + ' ' + e.kind + ' partition ' + e.partition);
      } else if (e.kind === 'worker') {
        tip(node('circle', { class: 'worker-event', cx: ex, cy: y + 30, r: 3 }, svg), e.text || e.worker);
      }
    });

    // leadership terms
    terms.forEach((t) => {
      const to = t.to == null ? now : t.to;
      if (to < start || !laneTop.has(t.worker)) return;
      const y = laneTop.get(t.worker);
      const x1 = x(t.from);
      const bw = Math.max(2, x(to) - x1);
      const value = h.tokenText(t.token, t.tokenValue);
      const bar = node('rect', { class: 'term-bar' + (t.to == null ? ' open' : ''), x: x1, y: y + 4, width: bw, height: 16,
        rx: 3, fill: h.colourOf(t.worker), 'data-worker': t.worker, 'data-token-value': value }, svg);
      tip(bar, t.worker + ' led with ' + (t.token || value) + ' for ' + h.ago(to - t.from) +
        (t.reason ? ', ended: ' + t.reason : t.to == null ? ', still leading' : ''));
      const label = bw > value.length * 7 + 52 ? 'token ' + value : bw > value.length * 7 + 8 ? value : '';
      if (label) node('text', { class: 'bar-label', x: x1 + 5, y: y + 16 }, svg, label);
    });

    // rejected writes
    events.forEach((e) => {
      if (e.kind !== 'rejected' || e.at < start) return;
      const y = laneTop.has(e.worker) ? laneTop.get(e.worker) : TOP;
      const ex = x(e.at);
      const cy = y + 12;
      tip(node('path', { class: 'reject-mark', d: 'M' + (ex - 5) + ' ' + (cy - 5) + 'L' + (ex + 5) + ' ' + (cy + 5) +
        'M' + (ex + 5) + ' ' + (cy - 5) + 'L' + (ex - 5) + ' ' + (cy + 5) }, svg), e.text || 'write rejected');
    });

    // faults and ZooKeeper server events, across all lanes
    let lastLabelEnd = -Infinity;
    events.forEach((e) => {
      if ((e.kind !== 'fault' && e.kind !== 'server') || e.at < start) return;
      const ex = x(e.at);
      const g = node('g', { class: e.kind === 'fault' ? 'fault-marker' : 'server-marker' }, svg);
      node('line', { x1: ex, x2: ex, y1: e.kind === 'fault' ? 6 : TOP, y2: bottom }, g);
      if (e.kind === 'fault') {
        node('path', { d: 'M' + ex + ' 4l8 4l-8 4z' }, g);
        const text = (e.text || 'fault').length > 34 ? e.text.slice(0, 33) + '…' : e.text || 'fault';
        if (ex > lastLabelEnd + 6 && ex + 12 + text.length * 6 < width) {
          node('text', { x: ex + 11, y: 13 }, g, text);
          lastLabelEnd = ex + 12 + text.length * 6;
        }
      }
      tip(g, new Date(e.at).toTimeString().slice(0, 8) + '  ' + (e.text || e.kind));
    });
  }

  window.BatonTimeline = { draw: draw };
})();
