// Renders the comparison report from the embedded summary (the same numbers as summary.json).
// Records what happened in #render-status (state, charts drawn, empty charts, errors), so a
// headless browser can check the page: data-state="ok" means every chart drew data and no
// script failed.
(function () {
	'use strict';
	var status = document.getElementById('render-status');
	var errors = [];
	var charts = [];
	var empty = [];

	function publish(state) {
		status.setAttribute('data-state', state);
		status.setAttribute('data-charts', String(charts.length));
		status.setAttribute('data-empty', empty.join(','));
		status.setAttribute('data-errors', String(errors.length));
		status.textContent = 'render: ' + state + ', ' + charts.length + ' charts'
			+ (empty.length ? ', empty: ' + empty.join(', ') : '')
			+ (errors.length ? ', errors: ' + errors.join(' | ') : '');
	}

	window.addEventListener('error', function (event) {
		errors.push(String(event.message || event.error || event));
		publish('error');
	});

	var COLORS = { reactive: '#1f6fd1', loom: '#2e9e44', platform: '#d0342c' };
	var FALLBACK = ['#8e44ad', '#e67e22', '#16a085', '#7f8c8d'];
	var DASH = { p50: [2, 3], p95: [7, 4], p99: [] };

	function color(id, index) {
		return COLORS[id] || FALLBACK[index % FALLBACK.length];
	}

	function el(tag, attrs) {
		var node = document.createElement(tag);
		if (attrs) {
			Object.keys(attrs).forEach(function (key) {
				if (key === 'text') {
					node.textContent = attrs[key];
				} else if (key === 'html') {
					node.innerHTML = attrs[key];
				} else {
					node.setAttribute(key, attrs[key]);
				}
			});
		}
		for (var i = 2; i < arguments.length; i++) {
			var child = arguments[i];
			if (child === null || child === undefined) {
				continue;
			}
			node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
		}
		return node;
	}

	function fmt(value, digits) {
		if (value === null || value === undefined || (typeof value === 'number' && !isFinite(value))) {
			return '–';
		}
		if (typeof value !== 'number') {
			return String(value);
		}
		return value.toLocaleString('en-US', { maximumFractionDigits: digits === undefined ? 1 : digits });
	}

	function pct(value) {
		return value === null || value === undefined ? '–' : fmt(value * 100, 2) + ' %';
	}

	function table(headers, rows, leftColumns) {
		var left = leftColumns || 1;
		var head = el('tr');
		headers.forEach(function (header, i) {
			head.appendChild(el('th', { class: i < left ? 'l' : '', text: header }));
		});
		var body = el('tbody');
		rows.forEach(function (row) {
			var tr = el('tr', row.cls ? { class: row.cls } : null);
			row.cells.forEach(function (cell, i) {
				if (cell instanceof HTMLTableCellElement) {
					tr.appendChild(cell);
					return;
				}
				var td = el('td', { class: i < left ? 'l' : '' });
				if (cell instanceof Node) {
					td.appendChild(cell);
				} else {
					td.textContent = cell;
				}
				tr.appendChild(td);
			});
			body.appendChild(tr);
		});
		return el('div', { class: 'scroll' }, el('table', null, el('thead', null, head), body));
	}

	function finite(value) {
		return value !== null && value !== undefined && typeof value === 'number' && isFinite(value);
	}

	function countPoints(datasets) {
		var n = 0;
		datasets.forEach(function (dataset) {
			if (dataset.reference) {
				return;
			}
			dataset.data.forEach(function (point) {
				if (point && finite(point.y)) {
					n++;
				}
			});
		});
		return n;
	}

	function inkedPixels(canvas) {
		try {
			var context = canvas.getContext('2d');
			var data = context.getImageData(0, 0, canvas.width, canvas.height).data;
			var inked = 0;
			for (var i = 3; i < data.length; i += 16) {
				if (data[i] !== 0) {
					inked++;
				}
			}
			return inked;
		} catch (e) {
			return -1;
		}
	}

	// A chart of {x, y} series. Datasets marked reference (ideal lines, SLO) do not count as data.
	function lineChart(parent, id, title, note, xTitle, yTitle, datasets, options) {
		var opts = options || {};
		var canvas = el('canvas', { id: id });
		var card = el('div', { class: 'card' }, el('h3', { text: title }), el('div', { class: 'chart' }, canvas),
			note ? el('p', { class: 'note', text: note }) : null);
		parent.appendChild(card);
		var chart = new Chart(canvas.getContext('2d'), {
			type: 'line',
			data: { datasets: datasets },
			options: {
				animation: false,
				responsive: true,
				maintainAspectRatio: false,
				parsing: false,
				normalized: true,
				spanGaps: false,
				interaction: { mode: 'nearest', intersect: false },
				plugins: {
					legend: { labels: { boxWidth: 18, font: { size: 11 } } },
					tooltip: { callbacks: { label: function (ctx) { return ctx.dataset.label + ': ' + fmt(ctx.parsed.y, 2); } } }
				},
				scales: {
					x: { type: 'linear', title: { display: true, text: xTitle } },
					y: {
						type: opts.logY ? 'logarithmic' : 'linear',
						beginAtZero: !opts.logY,
						title: { display: true, text: yTitle },
						max: opts.maxY
					}
				}
			}
		});
		charts.push(id);
		var points = countPoints(datasets);
		var drawn = chart.chartArea && chart.chartArea.right - chart.chartArea.left > 0;
		if (points === 0 || !drawn || inkedPixels(canvas) === 0) {
			empty.push(id);
		}
		return chart;
	}

	function series(xs, ys) {
		var points = [];
		for (var i = 0; i < xs.length; i++) {
			var y = ys ? ys[i] : null;
			points.push({ x: xs[i], y: finite(y) ? y : null });
		}
		return points;
	}

	function dataset(label, points, colour, extra) {
		var base = {
			label: label,
			data: points,
			borderColor: colour,
			backgroundColor: colour,
			borderWidth: 2,
			pointRadius: 0,
			tension: 0
		};
		Object.keys(extra || {}).forEach(function (key) { base[key] = extra[key]; });
		return base;
	}

	function reference(label, points, colour) {
		return dataset(label, points, colour, { borderDash: [4, 4], borderWidth: 1.5, reference: true });
	}

	function has(values) {
		return Array.isArray(values) && values.some(finite);
	}

	function render(S) {
		var content = document.getElementById('content');
		var measured = S.variants.filter(function (v) { return !v.error; });
		var W = S.workload;
		var unit = W.unit;

		// Summary table
		content.appendChild(el('h2', { text: 'Summary' }));
		content.appendChild(el('p', { class: 'note', text: 'Knee: the highest offered load held, counting up from the lowest step until '
			+ 'the first step that fails — held means at least 99 % of all requests passed their checks, the p99 of '
			+ W.primaryRequest + ' stayed within the SLO of ' + W.sloP99Ms + ' ms, and (open model) Gatling started at least 95 % '
			+ 'of the offered arrivals. Expected fraud rejections (422) count as passed.' }));
		content.appendChild(table(
			['variant', 'knee (' + unit + ')', 'knee searched', W.primaryRequest + ' ok/s at knee', 'p99 at knee (ms)', 'app CPU ms per order at knee',
				'PostgreSQL CPU ms per order at knee', 'first failing step',
				'why it failed', 'limits hit', 'max app RSS (MiB)', 'max heap (MiB)', 'max platform threads', 'max virtual threads (mounted or queued)',
				'mean app CPU (cores)', 'harness findings',
				'Gatling report'],
			S.variants.map(function (v) {
				var invalid = v.findings.filter(function (f) { return f.severity === 'INVALID'; }).length;
				var warnings = v.findings.filter(function (f) { return f.severity === 'WARNING'; }).length;
				var link = v.gatlingReport ? el('a', { href: v.gatlingReport, text: 'report' }) : '–';
				return {
					cls: v.error ? 'failed' : '',
					cells: [v.label + (v.error ? ' (not measured)' : ''), fmt(v.knee.heldOffered),
						v.search && v.search.length ? fmt(v.knee.searchedOffered) + ' (failed ' + fmt(v.knee.searchedFailing) + ')' : '–',
						fmt(v.knee.throughput),
						fmt(v.knee.p99Ms, 0), fmt(v.knee.appCpuMsPerOrder, 2), fmt(v.knee.postgresCpuMsPerOrder, 2), v.knee.firstFailingOffered === null ? 'none' : fmt(v.knee.firstFailingOffered) + ' ' + unit,
						v.error ? v.error.split('\n')[0] : (v.knee.failure || 'held every step'),
						v.limitsHit && v.limitsHit.length ? v.limitsHit.join('; ') : 'none',
						fmt(v.peaks['max app RSS (MiB)'], 0), fmt(v.peaks['max heap used (MiB)'], 0), fmt(v.peaks['max live threads'], 0),
						fmt(v.peaks['max virtual threads mounted or queued'], 0),
						fmt(v.peaks['mean app CPU (cores)'], 2),
						invalid ? invalid + ' invalid, ' + warnings + ' warnings' : (warnings ? warnings + ' warnings' : 'none'), link]
				};
			}), 1));
		// Apps the runner did not start: where the figures came from, and what is missing
		if (W.remote) {
			content.appendChild(el('h2', { text: 'Remote targets' }));
			content.appendChild(el('div', { id: 'remote-targets' },
				table(['variant', 'target'], Object.keys(W.remote.targets).map(function (id) {
					return { cells: [id, W.remote.targets[id]] };
				}).concat([{ cells: ['partner stub', W.remote.stub] }]), 1),
				el('p', { class: 'note', text: 'App figures: ' + W.remote.figures + '.' }),
				el('p', { class: 'note', id: 'remote-unavailable', text: 'Unavailable remotely: ' + W.remote.unavailable.join('; ') + '.' })));
		}
		content.appendChild(el('p', { class: 'note', text: 'Limits hit: read from the client\'s statuses (timeout = no answer within '
			+ 'Gatling\'s request timeout, io-error = connection refused or reset), the app\'s orders_placed outcomes and the peaks of '
			+ 'Tomcat\'s busy threads, the DB pool\'s waiters and orders in flight.' }));

		// Overload and cold start
		var overloaded = measured.filter(function (v) { return v.overload; });
		if (overloaded.length) {
			content.appendChild(el('h2', { text: 'Overload: goodput beyond the knee' }));
			content.appendChild(el('p', { class: 'note', text: 'Offered 0.5, 1, 1.5, 2 and 4 times each variant\'s knee, then 0.5 times again. '
				+ 'Targets: goodput at 1.5x, 2x and 4x at least 90 % of the goodput at the knee; p99 of served orders within the SLO of '
				+ W.sloP99Ms + ' ms; refusals answered 503 with a p99 of at most 100 ms and no client timeouts; back within the SLO at most '
				+ '5 s after the overload.' }));
			var og = el('div', { class: 'grid' });
			content.appendChild(og);
			var goodput = [];
			var refusals = [];
			overloaded.forEach(function (v, i) {
				goodput.push(dataset(v.label, v.overload.levels.slice(0, 5).map(function (l) { return { x: l.multiple, y: l.goodputShare === null ? null : 100 * l.goodputShare }; }),
					color(v.id, i), { pointRadius: 3 }));
				refusals.push(dataset(v.label, v.overload.levels.map(function (l, k) { return { x: k, y: l.refusedP99Ms }; }), color(v.id, i), { pointRadius: 3 }));
			});
			goodput.push(reference('90 % target', [{ x: 0.5, y: 90 }, { x: 4, y: 90 }], '#000'));
			lineChart(og, 'chart-goodput-overload', 'Goodput vs offered load (the metastability chart)',
				'Orders that passed per second, as a share of the goodput at the knee. A metastable app falls towards 0 beyond its knee.',
				'offered (× knee)', '% of goodput at the knee', goodput);
			refusals.push(reference('100 ms target', [{ x: 0, y: 100 }, { x: 5, y: 100 }], '#000'));
			lineChart(og, 'chart-refusals-overload', 'Latency of the refusals (503 p99) per level',
				'Level 0..5 = 0.5x, 1x, 1.5x, 2x, 4x, 0.5x the knee. 0 where nothing was refused.', 'level', 'ms', refusals);
			content.appendChild(table(['variant', 'knee', 'level', 'offered', 'goodput/s', '% of knee', 'p99 served (ms)', '503/s', '503 p99 (ms)',
				'timeouts'], [].concat.apply([], overloaded.map(function (v) {
				return v.overload.levels.map(function (l) {
					return { cells: [v.label, fmt(v.overload.knee), fmt(l.multiple) + 'x', fmt(l.offered), fmt(l.goodput), l.goodputShare === null ? '–' : fmt(100 * l.goodputShare, 0) + ' %',
						fmt(l.p99Ms, 0), fmt(l.refusedPerSecond), fmt(l.refusedP99Ms, 0), fmt(l.timeouts, 0)] };
				});
			})), 1));
			content.appendChild(el('div', { id: 'overload-verdicts' }, table(['variant', 'recovery after 4x (s)', 'targets missed'], overloaded.map(function (v) {
				return { cls: v.overload.missed.length ? 'failed' : '', cells: [v.label, v.overload.recoverySeconds === null ? 'never' : String(v.overload.recoverySeconds),
					v.overload.missed.length ? v.overload.missed.join('; ') : 'none: every target met'] };
			}), 1)));
			overRepetitions('overload-repetitions', S.overloadOverRepetitions);
		}
		var cold = measured.filter(function (v) { return v.coldStart; });
		if (cold.length) {
			content.appendChild(el('h2', { text: 'Cold start under traffic' }));
			content.appendChild(el('p', { class: 'note', text: 'Each app started without a warm-up and offered 80 % of its knee from the first second. '
				+ 'Time to the SLO: from the first second of the load to the first second on which every following 5-second window has its p99 within the SLO; '
				+ 'a window with a second in which every order was refused is not within it. Target: at most 20 s.' }));
			content.appendChild(el('div', { id: 'cold-start' }, table(['variant', 'offered', 'seconds to the SLO', 'targets missed'], cold.map(function (v) {
				return { cls: v.coldStart.missed.length ? 'failed' : '', cells: [v.label, fmt(v.coldStart.offered), v.coldStart.secondsToSlo === null ? 'never' : String(v.coldStart.secondsToSlo),
					v.coldStart.missed.length ? v.coldStart.missed.join('; ') : 'none'] };
			}), 1)));
			overRepetitions('cold-start-repetitions', S.coldStartOverRepetitions);
		}

		// with repetitions: per variant, how often every target was met and each was missed
		function overRepetitions(id, lines) {
			var ids = Object.keys(lines || {});
			if (!ids.length) return;
			content.appendChild(el('div', { id: id }, el('p', { class: 'note', text: 'Over the repetitions (one run\'s miss may be chance, a target missed in every run is not):' }),
				table(['variant', 'targets'], ids.map(function (k) { return { cells: [k, lines[k]] }; }), 2)));
		}

		// Repetitions and spread
		content.appendChild(el('h2', { text: 'Repetitions and spread' }));
		content.appendChild(el('p', { class: 'note', text: S.repeat + ' repetition' + (S.repeat > 1 ? 's' : '') + ' of the whole comparison; '
			+ 'running order shuffled per repetition from seed ' + S.seed + ': ' + (S.runningOrder || []).map(function (o) { return o.join(', '); }).join(' | ')
			+ '. The knee is the searched one where the knee search ran. Differences within the spread are no difference.' }));
		content.appendChild(el('div', { id: 'spread' }, table(['variant', 'runs', 'knee min / median / max', 'knee spread', 'ok/s at knee',
			'p99 at knee (ms)', 'app CPU ms/order', 'PostgreSQL CPU ms/order'], (S.spreads || []).map(function (sp) {
			function r(x, d) { return x && x.median !== null ? fmt(x.min, d) + ' / ' + fmt(x.median, d) + ' / ' + fmt(x.max, d) : '–'; }
			return { cells: [sp.variant, String(sp.runs), r(sp.knee, 0), sp.kneeSpreadPercent === null ? '–' : fmt(sp.kneeSpreadPercent, 1) + ' %' + (sp.kneeAbovePlan ? ' (every run held every step)' : ''),
				r(sp.throughput, 1), r(sp.p99Ms, 0), r(sp.appCpuMsPerOrder, 2), r(sp.postgresCpuMsPerOrder, 2)] };
		}), 1)));
		var comparisons = el('ul');
		(S.comparisons || []).forEach(function (line) { comparisons.appendChild(el('li', { text: line })); });
		content.appendChild(comparisons);

		// Findings about the apps
		var appFindings = S.findings.filter(function (f) { return f.severity === 'APP'; });
		content.appendChild(el('h2', { text: 'Findings about the apps' }));
		content.appendChild(el('p', { class: 'note', text: 'From the per-thread CPU read once a second from /proc: a thread above 80 % of a core '
			+ 'in a step is the event-loop bottleneck signature — work queues behind that one thread while the rest of the machine has time.' }));
		if (W.remote) {
			content.appendChild(el('p', { id: 'app-findings' }, 'Unavailable remotely: the apps\' threads are not on this machine.'));
		} else if (appFindings.length === 0) {
			content.appendChild(el('p', { id: 'app-findings' }, el('span', { class: 'pill ok', text: 'none' }), ' no app thread used more than 80 % of a core in any step.'));
		} else {
			content.appendChild(el('div', { id: 'app-findings' }, table(['variant', 'rule', 'step', 'offered', 'measured'], appFindings.map(function (f) {
				return { cls: 'invalid', cells: [f.variant, f.rule, String(f.step), fmt(f.offered), f.message] };
			}), 2)));
		}

		// Charts against offered load
		content.appendChild(el('h2', { text: 'Against offered load (per step)' }));
		var grid = el('div', { class: 'grid' });
		content.appendChild(grid);
		var maxOffered = 0;
		measured.forEach(function (v) { v.steps.forEach(function (s) { maxOffered = Math.max(maxOffered, s.stats.offered); }); });
		var throughput = [];
		measured.forEach(function (v, i) {
			throughput.push(dataset(v.label, v.steps.map(function (s) { return { x: s.stats.offered, y: s.stats.okPerSecond }; }),
				color(v.id, i), { pointRadius: 3 }));
		});
		if (W.model === 'open') {
			throughput.push(reference('ideal (all offered orders served)', [{ x: 0, y: 0 }, { x: maxOffered, y: maxOffered }], '#888'));
			if (W.threadCeiling <= 1.5 * maxOffered) {
				throughput.push(reference(W.platformThreads + '-thread ceiling ≈ ' + fmt(W.threadCeiling, 0) + ' orders/s (Little\'s law)',
					[{ x: 0, y: W.threadCeiling }, { x: maxOffered, y: W.threadCeiling }], '#d0342c'));
			}
		}
		lineChart(grid, 'chart-throughput-offered', 'Throughput vs offered load',
			W.primaryRequest + ' requests that passed, per second, by step.', 'offered (' + unit + ')', 'ok ' + W.primaryRequest + '/s', throughput);

		var latency = [];
		measured.forEach(function (v, i) {
			['p50', 'p95', 'p99'].forEach(function (p) {
				latency.push(dataset(v.label + ' ' + p, v.steps.map(function (s) { return { x: s.stats.offered, y: Math.max(1, s.stats[p]) }; }),
					color(v.id, i), { borderDash: DASH[p], pointRadius: 2 }));
			});
		});
		latency.push(reference('SLO p99 ' + W.sloP99Ms + ' ms', [{ x: 0, y: W.sloP99Ms }, { x: maxOffered, y: W.sloP99Ms }], '#000'));
		latency.push(reference('ideal ' + W.idealLatencyMs + ' ms', [{ x: 0, y: W.idealLatencyMs }, { x: maxOffered, y: W.idealLatencyMs }], '#888'));
		lineChart(grid, 'chart-latency-offered', 'Latency of ' + W.primaryRequest + ' vs offered load',
			'p50 dotted, p95 dashed, p99 solid; merged per step from per-second HdrHistograms (log scale).',
			'offered (' + unit + ')', 'ms', latency, { logY: true });

		var success = [];
		measured.forEach(function (v, i) {
			success.push(dataset(v.label, v.steps.map(function (s) { return { x: s.stats.offered, y: 100 * s.stats.success }; }),
				color(v.id, i), { pointRadius: 3 }));
		});
		success.push(reference('99 % threshold', [{ x: 0, y: 99 }, { x: maxOffered, y: 99 }], '#000'));
		lineChart(grid, 'chart-success-offered', 'Success vs offered load', 'Share of all requests (every name) that passed their checks.',
			'offered (' + unit + ')', '% passed', success);

		var flight = [];
		measured.forEach(function (v, i) {
			flight.push(dataset(v.label, v.steps.map(function (s) { return { x: s.stats.offered, y: s.inFlight }; }), color(v.id, i), { pointRadius: 3 }));
		});
		if (W.model === 'open') {
			flight.push(reference('Little\'s law: offered × ' + W.idealLatencyMs + ' ms', [{ x: 0, y: 0 }, { x: maxOffered, y: maxOffered * W.idealLatencyMs / 1000 }], '#888'));
		}
		lineChart(grid, 'chart-inflight-offered', 'Orders in flight vs offered load',
			'Mean of the apps\' orders_in_flight gauge per step, against L = λ·W with the ideal latency.',
			'offered (' + unit + ')', 'in flight', flight);

		var perOrder = [];
		measured.forEach(function (v, i) {
			perOrder.push(dataset(v.label + ' app', v.steps.map(function (s) { return { x: s.stats.offered, y: s.appCpuMsPerOrder }; }),
				color(v.id, i), { pointRadius: 3 }));
			perOrder.push(dataset(v.label + ' PostgreSQL', v.steps.map(function (s) { return { x: s.stats.offered, y: s.postgresCpuMsPerOrder }; }),
				color(v.id, i), { pointRadius: 2, borderDash: [4, 4], borderWidth: 1.5 }));
		});
		lineChart(grid, 'chart-cpu-per-order', 'CPU per order vs offered load',
			'CPU milliseconds per ' + W.primaryRequest + ' that passed (the efficiency figure): the app solid, PostgreSQL dashed. '
			+ 'Includes the follow-up reads of the scenario (get the order, sometimes list the customer\'s orders).',
			'offered (' + unit + ')', 'CPU ms per order', perOrder);

		var busiest = [];
		measured.forEach(function (v, i) {
			busiest.push(dataset(v.label, v.steps.map(function (s) {
				return { x: s.stats.offered, y: s.threadCpu && s.threadCpu.top.length ? s.threadCpu.top[0].cores : null };
			}), color(v.id, i), { pointRadius: 3 }));
		});
		busiest.push(reference('80 % of a core: one thread saturated', [{ x: 0, y: 0.8 }, { x: maxOffered, y: 0.8 }], '#c62828'));
		if (!W.remote) lineChart(grid, 'chart-busiest-thread', 'Busiest app thread vs offered load',
			'CPU of the single busiest app thread per step (cores). Near 1.0 that thread is the bottleneck, whatever the rest of the machine does.',
			'offered (' + unit + ')', 'cores', busiest, { maxY: 1.1 });

		// Over time
		content.appendChild(el('h2', { text: 'Over time' }));
		content.appendChild(el('p', { class: 'note', text: 't = seconds since the load started (warm-up excluded). Load series are by request start second.' }));
		var time = el('div', { class: 'grid' });
		content.appendChild(time);
		overTime(time, 'chart-throughput-time', 'Throughput over time', W.primaryRequest + '/s', measured, function (v) {
			var lines = [{ label: 'ok', values: v.load.primaryOkPerSecond }];
			if (W.model === 'open') {
				lines.push({ label: 'offered', values: v.load.offered, dash: [4, 4] });
			}
			return lines;
		}, 'load', null, [], W.primaryRequest + ' requests that passed per second (solid) against the offered load (dashed).');
		overTime(time, 'chart-p99-time', 'p99 of ' + W.primaryRequest + ' over time', 'ms', measured, function (v) {
			return [{ label: 'p99', values: v.load.p99 }];
		}, 'load', { logY: true });
		overTime(time, 'chart-errors-time', 'Failed requests over time', '% failed', measured, function (v) {
			return [{ label: 'failed %', values: v.load.errorPct }];
		}, 'load');
		overTime(time, 'chart-inflight-time', 'Orders in flight over time', 'in flight', measured, function (v) {
			return [{ label: 'in flight', values: v.resources.inFlight }];
		}, 'resources', null, W.model === 'open' ? measured.map(function (v, i) {
			return reference(v.label + ' Little\'s law ideal', series(v.load.t, v.load.offered.map(function (o) { return o * W.idealLatencyMs / 1000; })), color(v.id, i));
		}) : []);
		if (!W.remote) overTime(time, 'chart-rss-time', 'App RSS over time', 'MiB', measured, function (v) {
			return [{ label: 'RSS', values: v.resources['memoryMb.app'] }];
		}, 'resources');
		overTime(time, 'chart-heap-time', 'Heap used over time', 'MiB', measured, function (v) {
			return [{ label: 'heap', values: v.resources.heapMb }];
		}, 'resources');
		overTime(time, 'chart-threads-time', 'Threads over time: platform, carriers, virtual', 'threads', measured, function (v) {
			var lines = [{ label: 'platform threads', values: v.resources.threads }];
			if (has(v.resources.carrierThreads) && v.resources.carrierThreads.some(function (x) { return x > 0; })) {
				lines.push({ label: 'carrier threads', values: v.resources.carrierThreads, dash: [2, 3] });
				lines.push({ label: 'virtual threads mounted or queued', values: v.resources.virtualThreads, dash: [7, 4] });
			}
			return lines;
		}, 'resources', null, [], 'Platform threads: jvm_threads_live_threads (virtual threads are not in it). Virtual threads: '
			+ 'jvm_threads_virtual_live, those mounted on a carrier or queued for one (the scheduler\'s view, parked ones are not counted; '
			+ 'a virtual thread per request in flight plus one per partner call). Carriers: the scheduler\'s platform threads (ForkJoinPool-1-worker-N).');
		overTime(time, 'chart-cpu-time', 'App CPU over time', 'cores', measured, function (v) {
			return [{ label: 'app', values: v.resources['cpu.app'] }];
		}, 'resources', { maxY: W.cores });
		overTime(time, 'chart-harness-cpu-time', 'Harness CPU over time (Gatling, PostgreSQL, stub, interrupts, other)', 'cores', measured, function (v) {
			return [{ label: 'Gatling', values: v.resources['cpu.gatling'] }, { label: 'PostgreSQL', values: v.resources['cpu.postgres'], dash: [7, 4] },
				{ label: 'stub', values: v.resources['cpu.stub'], dash: [2, 3] }, { label: 'interrupts', values: v.resources.irqCores, dash: [10, 3, 2, 3] },
				{ label: 'other processes', values: v.resources.otherCores, dash: [1, 6] }];
		}, 'resources', { maxY: W.cores });
		overTime(time, 'chart-pool-time', 'DB pool over time', 'connections / waiters', measured, function (v) {
			return [{ label: 'active', values: v.resources.poolActive }, { label: 'pending', values: v.resources.poolPending, dash: [4, 4] }];
		}, 'resources');
		overTime(time, 'chart-gc-time', 'GC pause time over time', 'ms of pause per s', measured, function (v) {
			return [{ label: 'GC pause', values: v.resources.gcPauseMsPerSecond }];
		}, 'resources', null, [], 'Rate of the cumulative jvm_gc_pause_seconds_sum between readings.');
		optionalOverTime(time, 'chart-busy-threads-time', 'Tomcat busy worker threads', 'threads', measured, 'busyThreads');
		optionalOverTime(time, 'chart-admission-limit-time', 'Admission limit on orders (orders_admission_limit)', 'orders in flight at most',
			measured, 'admissionLimit');
		optionalOverTime(time, 'chart-bulk-queue-time', 'Bulk queue depth', 'parsed orders waiting', measured, 'bulkQueue');

		// Steps
		content.appendChild(el('h2', { text: 'Per step' }));
		measured.forEach(function (v) {
			var details = el('details', { open: 'open' }, el('summary', { text: v.label + ' — ' + v.description }));
			details.appendChild(table(['step', 'offered', 'sent/s', W.primaryRequest + ' ok/s', 'all req/s', 'success', 'p50', 'p95', 'p99', 'max',
				'held', 'in flight', 'Little ideal', 'app CPU', 'app ms/order', 'PG ms/order', 'busiest thread', 'JIT CPU', 'max GC pause ms',
				'503/s', '503 p99', 'Gatling CPU', 'PG CPU', 'stub CPU', 'machine busy', 'stub p99', 'RSS', 'heap', 'threads', 'pool act.', 'pool pend.', 'statuses'],
				v.steps.map(function (s) {
					var st = s.stats;
					return {
						cls: s.held ? '' : 'failed',
						cells: [String(st.step), fmt(st.offered), fmt(st.sentPerSecond), fmt(st.okPerSecond), fmt(st.requestsPerSecond), pct(st.success),
							fmt(st.p50, 0), fmt(st.p95, 0), fmt(st.p99, 0), fmt(st.max, 0), s.held ? 'yes' : 'no: ' + s.failures,
							fmt(s.inFlight), fmt(s.idealInFlight), fmt(s.appCpu, 2), fmt(s.appCpuMsPerOrder, 2), fmt(s.postgresCpuMsPerOrder, 2),
							s.threadCpu && s.threadCpu.top.length ? s.threadCpu.top[0].name + ' ' + fmt(s.threadCpu.top[0].cores, 2) : '–',
							s.threadCpu ? fmt(s.threadCpu.jitCores, 2) : '–', fmt(s.maxGcPauseMs, 1), fmt(st.refusedPerSecond), fmt(st.refusedP99, 0),
							fmt(s.gatlingCpu, 2), fmt(s.postgresCpu, 2), fmt(s.stubCpu, 2),
							fmt(s.machineBusy, 2), fmt(s.stubP99Ms, 0), fmt(s.appRssMb, 0), fmt(s.heapMb, 0), fmt(s.threads, 0),
							fmt(s.poolActive), fmt(s.poolPending),
							Object.keys(st.statuses).map(function (k) { return k + '×' + st.statuses[k]; }).join(' ')]
					};
				}), 1));
			if (v.search && v.search.length) {
				details.appendChild(el('p', { class: 'note', text: 'Knee search: bisection between the last level held and the first that failed, one constant rate per probe.' }));
				details.appendChild(table(['probe', 'offered', 'held', 'ok/s', 'p50', 'p99', 'app ms/order', 'Gatling report'], v.search.map(function (p, i) {
					var st = p.row ? p.row.stats : null;
					return { cls: p.held ? '' : 'failed', cells: [String(i + 1), fmt(p.offered), p.held ? 'yes' : 'no: ' + p.failures,
						st ? fmt(st.okPerSecond) : '–', st ? fmt(st.p50, 0) : '–', st ? fmt(st.p99, 0) : '–', p.row ? fmt(p.row.appCpuMsPerOrder, 2) : '–',
						p.gatlingReport ? el('a', { href: p.gatlingReport, text: 'report' }) : '–'] };
				}), 1));
			}
			var facts = Object.keys(v.run).map(function (k) { return { cells: [k, v.run[k]] }; });
			Object.keys(v.outcomes).forEach(function (k) { facts.push({ cells: ['orders_placed ' + k, fmt(v.outcomes[k], 0)] }); });
			Object.keys(v.totals).forEach(function (k) { facts.push({ cells: ['requests: ' + k, fmt(v.totals[k], 0)] }); });
			details.appendChild(table(['fact', 'value'], facts, 2));
			content.appendChild(details);
		});
		S.variants.filter(function (v) { return v.error; }).forEach(function (v) {
			content.appendChild(el('details', { open: 'open' }, el('summary', { text: v.id + ' — not measured' }), el('pre', { text: v.error })));
		});

		// Where the CPU went
		content.appendChild(el('h2', { text: 'Where the CPU went' }));
		if (W.remote) {
			content.appendChild(el('p', { class: 'note', text: 'Unavailable remotely: per-thread CPU and flame graphs need the app\'s '
				+ 'process on this machine. The app\'s CPU as a whole (from process_cpu_time_ns_total) is in the per-step table and the charts.' }));
		}
		content.appendChild(el('p', { class: 'note', text: 'The busiest app threads of each step (cores, from /proc/<pid>/task/*/stat; full names from '
			+ 'jcmd Thread.print after the load), and async-profiler flame graphs of one step per variant (CPU samples every 10 ms, '
			+ 'cut out of a recording of the whole run).' }));
		measured.forEach(function (v) {
			var box = el('details', { open: 'open', class: 'threads', id: 'threads-' + v.label.replace(/[^a-z0-9]+/g, '-') }, el('summary', { text: v.label }));
			// under a CPU quota: the share of the step the cgroup stopped the app (its CPU time for the period used up)
			var quota = v.steps.some(function (s) { return s.quotaStopped != null; });
			var rows = v.steps.filter(function (s) { return s.threadCpu; }).map(function (s) {
				var cells = [String(s.stats.step), fmt(s.stats.offered), fmt(s.threadCpu.totalCores, 2), fmt(s.threadCpu.jitCores, 2),
					fmt(s.threadCpu.gcCores, 2), s.threadCpu.top.map(function (t) { return t.name + ' ' + fmt(t.cores, 2); }).join(', ')];
				if (quota) cells.splice(5, 0, s.quotaStopped != null ? pct(s.quotaStopped) : '–');
				return { cells: cells };
			});
			var head = ['step', 'offered', 'all threads', 'JIT', 'GC', 'busiest threads (cores)'];
			if (quota) head.splice(5, 0, 'stopped by the CPU quota');
			box.appendChild(table(head, rows, 1));
			if (v.profile) {
				var links = el('p', null, 'Flame graphs of step ' + v.profile.step + ' (' + fmt(v.profile.offered) + ' ' + unit + ', ' + v.profile.why + '): ');
				if (v.profile.files.length === 0) {
					links.appendChild(document.createTextNode(v.profile.error || 'none'));
				}
				v.profile.files.forEach(function (file, i) {
					if (i > 0) {
						links.appendChild(document.createTextNode(' · '));
					}
					links.appendChild(el('a', { href: file, text: file.indexOf('-threads') >= 0 ? 'by thread' : 'all threads' }));
				});
				box.appendChild(links);
				if (v.profile.components) {
					box.appendChild(el('p', { class: 'note', text: 'CPU by component, step ' + v.profile.step + ' (the same samples: each counts for '
						+ 'the innermost frame of a component, so what a component calls - JDK, transport, kernel - is its own; Reactor\'s operators get their own '
						+ 'frames and the JDK code they call, not the I/O beneath them; compiler and GC threads apart).' }));
					box.appendChild(table(['component', 'share of samples', 'app CPU ms per order', 'of it in the kernel'],
						v.profile.components.shares.map(function (c) {
							return { cells: [c.component, fmt(c.percent, 1) + ' %', fmt(c.msPerOrder, 3), fmt(c.kernelPercent, 0) + ' %'] };
						}), 1));
				}
			}
			content.appendChild(box);
		});

		// Harness check
		content.appendChild(el('h2', { text: 'Harness check' }));
		content.appendChild(el('p', { class: 'note', text: 'A run is NOT VALID when the load generator, PostgreSQL, the stub, other processes '
			+ 'or the hypervisor limited a step that decides a knee (every step up to and including the first failing one). '
			+ 'Beyond a variant\'s knee the same breaches are warnings: the app had already failed on its own.' }));
		var harness = S.findings.filter(function (f) { return f.severity !== 'APP'; });
		if (harness.length === 0) {
			content.appendChild(el('p', null, el('span', { class: 'pill ok', text: 'no findings' }), ' every rule held in every step.'));
		} else {
			content.appendChild(table(['variant', 'rule', 'severity', 'step', 'offered', 'measured'], harness.map(function (f) {
				return {
					cls: f.severity === 'INVALID' ? 'invalid' : '',
					cells: [f.variant, f.rule, el('span', { class: 'pill ' + f.severity, text: f.severity }), f.step === null ? 'run' : String(f.step),
						fmt(f.offered), f.message]
				};
			}), 2));
		}

		// Little's law
		content.appendChild(el('h2', { text: 'Little\'s law reference' }));
		content.appendChild(el('p', { text: 'L = λ·W: at an arrival rate λ, a system whose orders each take W holds L orders in flight. '
			+ 'The ideal W here is the partner latency (' + W.partnerLatencyMs + ' ms — fraud score and shipping quote are called in parallel, '
			+ 'so one latency, not two) plus a ' + W.idealDbMs + ' ms allowance for the database reads and the write transaction: '
			+ W.idealLatencyMs + ' ms. An app that adds no queueing holds λ·W orders in flight and answers in W. A thread-per-request server '
			+ 'needs one thread per order in flight, so ' + W.platformThreads + ' threads carry at most ' + W.platformThreads + ' / W ≈ '
			+ fmt(W.threadCeiling, 0) + ' orders/s; past that, requests queue and latency grows without bound. Virtual threads and the reactive '
			+ 'pipeline have no such per-request thread, so their ceiling is CPU, the DB pool or the partner connections.' }));

		// Provenance
		if (S.provenance) {
			var P = S.provenance;
			content.appendChild(el('h2', { text: 'Provenance' }));
			var rows = [{ cells: ['commit', P.commit + (P.dirty ? ' (with uncommitted changes)' : '')] }, { cells: ['JDK', P.jdk] },
				{ cells: ['kernel', P.kernel] }, { cells: ['CPU', P.cpu] }];
			if (P.speed && P.speed.readings.length > 0) {
				var speeds = P.speed.readings.map(function (r) { return r.unitsPerCpuSecond; });
				var sorted = speeds.slice().sort(function (a, b) { return a - b; });
				var mid = Math.floor(sorted.length / 2);
				var median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
				var drift = sorted.length > 1 ? (sorted[sorted.length - 1] - sorted[0]) / median : 0;
				rows.push({ cells: ['CPU speed on the app\'s CPUs (work units per CPU-second; the same probe before each variant and at the end)',
					fmt(median, 0) + ' (median; drift ' + fmt(drift * 100, 0) + ' %: '
					+ P.speed.readings.map(function (r) { return r.when + ' ' + fmt(r.unitsPerCpuSecond, 0); }).join(', ') + ')'] });
			}
			Object.keys(P.libraries).forEach(function (k) { rows.push({ cells: [k, P.libraries[k]] }); });
			content.appendChild(el('div', { id: 'provenance' }, table(['what', 'version'], rows, 2)));
		}

		// Settings
		content.appendChild(el('h2', { text: 'Settings (fairness table)' }));
		content.appendChild(el('p', { class: 'note', text: 'Every setting used. Highlighted rows differ between variants.' }));
		var ids = W.variants;
		content.appendChild(table(['group', 'setting'].concat(ids), S.settings.map(function (row) {
			var cells = [row.group, row.name];
			if (row.values.all !== undefined) {
				var cell = el('td', { class: 'l', colspan: String(ids.length), text: row.values.all });
				cells.push(cell);
			} else {
				ids.forEach(function (id) { cells.push(row.values[id] === undefined ? '–' : row.values[id]); });
			}
			return { cls: row.differs ? 'differs' : '', cells: cells };
		}), 2 + ids.length));
	}

	function overTime(parent, id, title, yTitle, variants, pick, source, options, extra, note) {
		var datasets = [];
		variants.forEach(function (v, i) {
			var data = v[source];
			pick(v).forEach(function (s) {
				datasets.push(dataset(v.label + ' ' + s.label, series(data.t || [], s.values || []), color(v.id, i), s.dash ? { borderDash: s.dash, borderWidth: 1.5 } : {}));
			});
		});
		(extra || []).forEach(function (d) { datasets.push(d); });
		return lineChart(parent, id, title, note || null, 't (s)', yTitle, datasets, options);
	}

	// Drawn only when some variant publishes the metric (e.g. Tomcat's busy threads).
	function optionalOverTime(parent, id, title, yTitle, variants, column) {
		var withData = variants.filter(function (v) {
			return has(v.resources[column]) && v.resources[column].some(function (x) { return x > 0; });
		});
		if (withData.length > 0) {
			overTime(parent, id, title, yTitle, withData, function (v) { return [{ label: column, values: v.resources[column] }]; }, 'resources');
		}
	}

	try {
		if (typeof Chart === 'undefined') {
			throw new Error('Chart.js did not load');
		}
		render(JSON.parse(document.getElementById('summary').textContent));
		publish(errors.length ? 'error' : (empty.length ? 'empty' : 'ok'));
	} catch (e) {
		errors.push('render: ' + (e && e.message ? e.message : e));
		publish('error');
	}
})();
