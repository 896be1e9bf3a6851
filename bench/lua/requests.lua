-- Replays the requests of a file (one line each: METHOD<TAB>PATH<TAB>BODY<TAB>CLIENT) round
-- robin, each thread from its own offset, and prints one JSON line of results at the end:
-- requests, seconds, latency percentiles (microseconds) and the count of every status.
-- Environment: BENCH_REQUESTS (the file), BENCH_MAX_REQUESTS (per thread, 0 = no bound),
-- BENCH_PAUSE_MS (each connection's pause between its requests, 0 = none).

local threads = {}
local thread_count = 0

function setup(thread)
  thread:set("thread_index", thread_count)
  thread_count = thread_count + 1
  table.insert(threads, thread)
end

local function read_requests(path)
  local list = {}
  for line in io.lines(path) do
    local method, target, body, client = line:match("^([^\t]+)\t([^\t]+)\t?([^\t]*)\t?(.*)$")
    if method then
      local headers = {}
      if body ~= nil and body ~= "" then
        headers["Content-Type"] = "application/json"
      else
        body = nil
      end
      -- The shopper's address, which the shop takes from its trusted proxy (the loopback).
      if client ~= nil and client ~= "" then
        headers["X-Forwarded-For"] = client
      end
      -- What Chrome and Firefox send: the shop answers them with zstd.
      headers["Accept-Encoding"] = "gzip, deflate, br, zstd"
      table.insert(list, wrk.format(method, target, headers, body))
    end
  end
  return list
end

function init(args)
  requests = read_requests(os.getenv("BENCH_REQUESTS"))
  max_requests = tonumber(os.getenv("BENCH_MAX_REQUESTS") or "0")
  pause_ms = tonumber(os.getenv("BENCH_PAUSE_MS") or "0")
  position = (thread_index * 7919) % #requests
  sent = 0
  statuses = {}
end

function request()
  position = position % #requests + 1
  return requests[position]
end

-- wrk waits this many ms before a connection's next request.
function delay()
  return pause_ms
end

function response(status, headers, body)
  local key = tostring(status)
  statuses[key] = (statuses[key] or 0) + 1
  sent = sent + 1
  if max_requests > 0 and sent >= max_requests then
    wrk.thread:stop()
  end
end

function done(summary, latency, requests)
  local totals = {}
  for _, thread in ipairs(threads) do
    local counts = thread:get("statuses")
    for key, value in pairs(counts) do
      totals[key] = (totals[key] or 0) + value
    end
  end
  local parts = {}
  for key, value in pairs(totals) do
    table.insert(parts, string.format('"%s":%d', key, value))
  end
  local errors = summary.errors
  io.write(string.format(
    'BENCH_RESULT {"requests":%d,"micros":%d,"bytes":%d,"p50":%d,"p95":%d,"p99":%d,"max":%d,' ..
    '"socketErrors":%d,"statuses":{%s}}\n',
    summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max,
    errors.connect + errors.read + errors.write + errors.timeout,
    table.concat(parts, ",")))
end
