#!/usr/bin/env bash
# Validates the Docker path without a Docker engine (CI calls it; safe to run any number of times).
#
#   compose     compose.yaml, without a profile and with `platform` and `load`, by a real Compose
#               implementation: `docker compose` (v2) when its plugin works, else `docker-compose`;
#               with neither, as root with apt-get, Debian's docker-compose is installed quietly;
#               the apps' CPU, CPU set, memory and JVM flags must be equal (PyYAML).
#   prometheus  prometheus/prometheus.yml: `promtool check config` when promtool is installed, else
#               parsed; every scrape target must be a compose service on its SERVER_PORT.
#   grafana     provisioning files and dashboards: JSON parses, panels are well formed and use the
#               provisioned datasource, cumulative counters are only ever used through rate().
#
# Exit status: 0 when everything that could be checked is valid (a check that cannot run says
# "skipped"), non-zero when a file is invalid.
set -euo pipefail

cd "$(dirname "$0")"
failed=0

# ---- compose ----------------------------------------------------------------------------------
compose=()
if docker compose version >/dev/null 2>&1; then
	compose=(docker compose)
elif command -v docker-compose >/dev/null 2>&1; then
	compose=(docker-compose)
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	export DEBIAN_FRONTEND=noninteractive
	# Try with the package lists as they are first; refresh them only if that fails.
	if ! apt-get install -y -qq docker-compose >/dev/null 2>&1; then
		apt-get update -qq >/dev/null 2>&1 || true
		apt-get install -y -qq docker-compose >/dev/null 2>&1 || true
	fi
	if command -v docker-compose >/dev/null 2>&1; then
		compose=(docker-compose)
	fi
fi

compose_services=""
if [ ${#compose[@]} -eq 0 ]; then
	echo "compose: skipped (no compose implementation)"
else
	version=$("${compose[@]}" version --short 2>/dev/null || "${compose[@]}" version 2>/dev/null | head -n 1 || true)
	ok=1
	for profile in "" platform load; do
		args=(-f compose.yaml)
		[ -n "$profile" ] && args+=(--profile "$profile")
		if ! out=$("${compose[@]}" "${args[@]}" config -q 2>&1); then
			echo "compose: INVALID compose.yaml${profile:+ (profile $profile)} according to ${compose[*]}:"
			echo "$out" | sed 's/^/  /'
			ok=0
		fi
	done
	if [ "$ok" = 1 ]; then
		compose_services=$("${compose[@]}" -f compose.yaml --profile platform config --services 2>/dev/null | tr '\n' ' ' || true)
		echo "compose: ok (${compose[*]} ${version}: compose.yaml valid, without a profile and with platform, load)"
	else
		failed=1
	fi
fi

# ---- prometheus and grafana -------------------------------------------------------------------
if ! command -v python3 >/dev/null 2>&1; then
	echo "prometheus: skipped (no python3)"
	echo "grafana: skipped (no python3)"
	exit "$failed"
fi

if command -v promtool >/dev/null 2>&1; then
	if ! out=$(promtool check config prometheus/prometheus.yml 2>&1); then
		echo "prometheus: INVALID prometheus/prometheus.yml according to promtool:"
		echo "$out" | sed 's/^/  /'
		failed=1
	fi
fi

# The structural checks: stdlib JSON always, PyYAML when it is installed (docker-compose brings it).
COMPOSE_SERVICES="$compose_services" python3 - <<'PY' || failed=1
import glob, json, os, re, shutil, subprocess, sys, tempfile

errors = []
notes = {"prometheus": [], "grafana": [], "compose": None}

try:
    import yaml
except ImportError:
    yaml = None

def load_yaml(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if "\t" in text:
        errors.append(f"{path}: contains a tab (YAML indents with spaces)")
    if yaml is None:
        return None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as ex:
        errors.append(f"{path}: does not parse as YAML: {ex}")
        return None

# -- compose services and their ports, for the scrape targets
compose = load_yaml("compose.yaml")
service_ports = {}
if isinstance(compose, dict):
    for name, svc in (compose.get("services") or {}).items():
        env = (svc or {}).get("environment") or {}
        if isinstance(env, dict) and "SERVER_PORT" in env:
            service_ports[name] = str(env["SERVER_PORT"])
        else:
            service_ports[name] = None
elif os.environ.get("COMPOSE_SERVICES", "").strip():
    service_ports = {name: None for name in os.environ["COMPOSE_SERVICES"].split()}
else:
    # No parser and no compose: the service names are the two-space-indented keys under services:
    with open("compose.yaml", encoding="utf-8") as f:
        body = f.read().split("\nservices:\n", 1)[-1]
    service_ports = {name: None for name in re.findall(r"^  ([A-Za-z0-9_.-]+):\s*$", body, re.M)}

# -- equal limits: every app service the same CPUs, CPU set, memory and JVM flags
if isinstance(compose, dict):
    services = compose.get("services") or {}
    apps = [name for name in ("reactive-app", "loom-app", "loom-platform") if name in services]
    keys = ("cpus", "cpuset", "mem_limit", "memswap_limit")
    seen = {}
    for name in apps:
        svc = services[name] or {}
        env = svc.get("environment") or {}
        seen[name] = tuple(str(svc.get(k)) for k in keys) + (str(env.get("JAVA_TOOL_OPTIONS")),)
        if any(svc.get(k) is None for k in keys):
            errors.append(f"compose.yaml: {name} lacks one of {keys}")
    if len(set(seen.values())) > 1:
        errors.append(f"compose.yaml: the apps' limits differ: {seen}")
    notes["compose"] = f"{len(apps)} apps with equal limits"

# -- prometheus
prom_path = "prometheus/prometheus.yml"
prom = load_yaml(prom_path)
with open(prom_path, encoding="utf-8") as f:
    prom_text = f.read()
if yaml is not None and prom is not None:
    if not isinstance(prom, dict) or not isinstance(prom.get("scrape_configs"), list):
        errors.append(f"{prom_path}: no scrape_configs list")
        targets = []
    else:
        jobs = [c.get("job_name") for c in prom["scrape_configs"]]
        if len(jobs) != len(set(jobs)) or None in jobs:
            errors.append(f"{prom_path}: job names missing or not unique: {jobs}")
        targets = [t for c in prom["scrape_configs"] for s in c.get("static_configs", [])
                   for t in s.get("targets", [])]
    notes["prometheus"].append(f"{len(prom.get('scrape_configs') or [])} scrape jobs")
else:
    if not re.search(r"^scrape_configs:", prom_text, re.M):
        errors.append(f"{prom_path}: no scrape_configs")
    targets = re.findall(r'"([A-Za-z0-9_.-]+:\d+)"', prom_text)
if service_ports:
    for target in targets:
        host, port = target.rsplit(":", 1)
        if host in ("localhost", "127.0.0.1"):
            continue
        if host not in service_ports:
            errors.append(f"{prom_path}: target {target} is not a service of compose.yaml")
        elif service_ports[host] is not None and service_ports[host] != port:
            errors.append(f"{prom_path}: target {target}, but {host} listens on {service_ports[host]}")
    notes["prometheus"].append(f"{len(targets)} targets match compose services")
notes["prometheus"].insert(0, "promtool" if shutil.which("promtool") else
                           ("parsed" if yaml is not None else "checked without a YAML parser"))

# -- grafana provisioning
datasource_uids = set()
for path in sorted(glob.glob("grafana/provisioning/**/*.y*ml", recursive=True)):
    doc = load_yaml(path)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if "/datasources/" in path:
        datasource_uids |= set(re.findall(r"^\s*uid:\s*[\"']?([\w-]+)", text, re.M))
    if yaml is not None and doc is not None and not isinstance(doc, dict):
        errors.append(f"{path}: not a mapping")
if not datasource_uids:
    errors.append("grafana/provisioning/datasources: no datasource with a uid")

# -- dashboards
dashboards = sorted(glob.glob("grafana/dashboards/*.json"))
if not dashboards:
    errors.append("grafana/dashboards: no dashboard")
home = re.search(r"GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH:\s*(\S+)", open("compose.yaml").read())
if home and not os.path.exists(os.path.join("grafana/dashboards", os.path.basename(home.group(1)))):
    errors.append(f"compose.yaml: home dashboard {home.group(1)} is not in grafana/dashboards")

CUMULATIVE = re.compile(r"([a-zA-Z_:][a-zA-Z0-9_:]*_(?:total|count|sum|bucket))\b")
exprs = []
panel_count = 0
for path in dashboards:
    try:
        with open(path, encoding="utf-8") as f:
            dash = json.load(f)
    except ValueError as ex:
        errors.append(f"{path}: not valid JSON: {ex}")
        continue
    if not dash.get("uid") or not dash.get("title"):
        errors.append(f"{path}: needs a uid and a title")
    panels = list(dash.get("panels", []))
    for p in list(panels):
        panels.extend(p.get("panels", []))  # panels of collapsed rows
    ids = [p.get("id") for p in panels]
    if None in ids or len(ids) != len(set(ids)):
        errors.append(f"{path}: panel ids missing or not unique")
    cells = {}
    for p in panels:
        title = f"{path}: panel '{p.get('title')}'"
        g = p.get("gridPos") or {}
        if not all(isinstance(g.get(k), int) for k in ("x", "y", "w", "h")) or g["x"] + g["w"] > 24:
            errors.append(f"{title}: bad gridPos {g}")
            continue
        for x in range(g["x"], g["x"] + g["w"]):
            for y in range(g["y"], g["y"] + g["h"]):
                if (x, y) in cells:
                    errors.append(f"{title}: overlaps panel '{cells[(x, y)]}'")
                    break
                cells[(x, y)] = p.get("title")
            else:
                continue
            break
        if p.get("type") == "row":
            continue
        panel_count += 1
        refs = [p.get("datasource")] + [t.get("datasource") for t in p.get("targets", [])]
        for ref in refs:
            if isinstance(ref, dict) and ref.get("type") == "prometheus" and ref.get("uid") not in datasource_uids:
                errors.append(f"{title}: datasource uid {ref.get('uid')} is not provisioned")
        if not p.get("targets"):
            errors.append(f"{title}: no queries")
        for t in p.get("targets", []):
            e = t.get("expr", "")
            if not e.strip():
                errors.append(f"{title}: empty query {t.get('refId')}")
                continue
            exprs.append((title, e))
            if e.count("(") != e.count(")") or e.count("{") != e.count("}") or e.count("[") != e.count("]"):
                errors.append(f"{title}: unbalanced brackets in {e}")
            # A cumulative counter means nothing summed over time: only rate()/increase() of it.
            for m in CUMULATIVE.finditer(e):
                before = e[:m.start()].rstrip()
                if not re.search(r"\b(rate|irate|increase)\($", before):
                    errors.append(f"{title}: {m.group(1)} used without rate()/increase()")
    for v in dash.get("templating", {}).get("list", []):
        if v.get("type") == "query" and isinstance(v.get("datasource"), dict) \
                and v["datasource"].get("uid") not in datasource_uids:
            errors.append(f"{path}: variable {v.get('name')} uses an unprovisioned datasource")

# PromQL syntax, when promtool is there: every query as a recording rule.
if shutil.which("promtool") and exprs:
    with tempfile.NamedTemporaryFile("w", suffix=".yml", delete=False) as f:
        f.write("groups:\n  - name: dashboard\n    rules:\n")
        for i, (_, e) in enumerate(exprs):
            e = (e.replace("$__rate_interval", "1m").replace("$variant", ".*").replace("$uri", ".*"))
            f.write(f"      - record: dashboard_query_{i}\n        expr: {json.dumps(e)}\n")
        rules = f.name
    try:
        r = subprocess.run(["promtool", "check", "rules", rules], capture_output=True, text=True)
        if r.returncode != 0:
            errors.append("dashboard queries rejected by promtool:\n" + r.stdout + r.stderr)
        else:
            notes["grafana"].append("PromQL checked by promtool")
    finally:
        os.unlink(rules)

if errors:
    for e in errors:
        print("INVALID: " + e)
    sys.exit(1)
if notes["compose"]:
    print(f"compose: ok ({notes['compose']})")
print(f"prometheus: ok ({', '.join(notes['prometheus'])})")
print(f"grafana: ok ({len(dashboards)} dashboard(s), {panel_count} panels, {len(exprs)} queries"
      + (", " + ", ".join(notes["grafana"]) if notes["grafana"] else "")
      + ("" if yaml is not None else "; provisioning YAML not parsed, no PyYAML") + ")")
PY

exit "$failed"
