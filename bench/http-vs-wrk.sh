#!/usr/bin/env bash
# vbench as an HTTP load generator, checked against wrk: closed-loop requests/s against one nginx,
# with the same number of keep-alive connections, printed side by side.
#
#   bench/http-vs-wrk.sh [CONNECTIONS] [DURATION_SECONDS] [TRIALS]      (defaults 50 10 3)
#
# Needs Debian's nginx (nginx-light is enough) and wrk: apt-get install -y nginx-light wrk.
# nginx runs in the foreground from a config in a temporary directory, listening on a free port of
# 127.0.0.1 only, one worker process, access log off, answering GET / with a 12-byte 200; it is
# stopped (and the directory deleted) on exit, failure or signal. Client and server share this
# machine's cores, so the figures are a ratio between two clients, not nginx's capacity.
set -euo pipefail

connections=${1:-50}
seconds=${2:-10}
trials=${3:-3}
cd "$(dirname "$0")/.."

for tool in nginx wrk python3; do
    command -v "$tool" >/dev/null || { echo "http-vs-wrk: $tool not found; apt-get install -y nginx-light wrk python3" >&2; exit 3; }
done

dir=$(mktemp -d /tmp/vbench-nginx.XXXXXX)
nginx_pid=
stop() {
    if [ -n "$nginx_pid" ] && kill -0 "$nginx_pid" 2>/dev/null; then
        kill -QUIT "$nginx_pid" 2>/dev/null || true
        wait "$nginx_pid" 2>/dev/null || true
    fi
    rm -rf "$dir"
}
trap stop EXIT
trap 'exit 130' INT TERM

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p "$dir/tmp"
cat > "$dir/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    keepalive_requests 10000000;
    keepalive_timeout 120s;
    client_body_temp_path $dir/tmp/body;
    proxy_temp_path $dir/tmp/proxy;
    fastcgi_temp_path $dir/tmp/fastcgi;
    uwsgi_temp_path $dir/tmp/uwsgi;
    scgi_temp_path $dir/tmp/scgi;
    default_type text/plain;
    server {
        listen 127.0.0.1:$port;
        location / { return 200 "hello world\n"; }
    }
}
CONF
nginx -p "$dir" -c "$dir/nginx.conf" &
nginx_pid=$!
for _ in $(seq 50); do
    if python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 0.2)" 2>/dev/null; then break; fi
    sleep 0.1
done
url="http://127.0.0.1:$port/"
echo "nginx $(nginx -v 2>&1 | sed 's/.*nginx\///') on $url (1 worker); $connections connections, ${seconds}s per measurement; load: $(uptime | sed 's/.*load average: //')"

# Rounds alternate the two clients, so a change in machine load hits both alike.
wrk_rates=()
results=()
for t in $(seq "$trials"); do
    rate=$(wrk -t2 -c"$connections" -d"${seconds}s" "$url" | awk '/^Requests\/sec:/ {print $2}')
    wrk_rates+=("$rate")
    result="$dir/vbench-$t.json"
    ./vbench run -w http -p "url=$url" -p "connections=$connections" -e virtual -e "fixed:threads=$connections" \
        --concurrency "$connections" --duration "${seconds}s" --trials 1 --warmup 1 -o "$result" >/dev/null 2>&1
    results+=("$result")
done

python3 - "$trials" "${wrk_rates[@]}" "${results[@]}" <<'PY'
import json, statistics, sys
n = int(sys.argv[1])
wrk = [float(r) for r in sys.argv[2:2 + n]]
cells = {}
failures = {}
for path in sys.argv[2 + n:]:
    for cell in json.load(open(path))["cells"]:
        name = "vbench " + cell["config"]["executor"]["spec"]
        cells.setdefault(name, []).extend(t["throughputPerSecond"] for t in cell["trials"])
        failures[name] = failures.get(name, 0) + sum(t["failures"] for t in cell["trials"])
wrk_median = statistics.median(wrk)
print(f"{'client':<28}{'req/s (median of rounds)':>26}   rounds")
print(f"{'wrk -t2':<28}{wrk_median:>26.0f}   {'  '.join(f'{r:.0f}' for r in wrk)}")
for name, rates in cells.items():
    ratio = statistics.median(rates) / wrk_median
    print(f"{name:<28}{statistics.median(rates):>26.0f}   {'  '.join(f'{r:.0f}' for r in rates)}   "
          f"= {ratio:.2f} x wrk" + (f"  ({failures[name]} failed)" if failures[name] else ""))
PY
