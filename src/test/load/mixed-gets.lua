-- wrk script for the mixed-GET load measurement (issue 4): see run-wrk.sh, which writes the paths file.
-- Each connection sends one request, waits for the answer, pauses, and sends the next; with C connections and a
-- pause of P ms the rate is about C / (P + latency) per second (run-wrk.sh picks P for the rate asked).
-- wrk reports latency per request (answer time only, pauses excluded) and non-2xx answers.

local paths = {}
local counter = 0
local pause_ms = tonumber(os.getenv("PAUSE_MS") or "20")

function init(args)
  local file = assert(io.open(os.getenv("PATHS_FILE") or "target/load-paths.txt", "r"))
  for line in file:lines() do
    paths[#paths + 1] = line
  end
  file:close()
  -- Each thread starts at its own place in the list, so threads do not move in lockstep.
  counter = math.random(#paths)
end

function request()
  counter = counter % #paths + 1
  local headers = {}
  if os.getenv("TOKEN") then
    headers["Authorization"] = "Bearer " .. os.getenv("TOKEN")
  end
  return wrk.format("GET", paths[counter], headers)
end

function delay()
  return pause_ms
end

function done(summary, latency, requests)
  io.write(string.format("requests %d, errors: connect %d read %d write %d timeout %d status %d\n",
    summary.requests, summary.errors.connect, summary.errors.read, summary.errors.write,
    summary.errors.timeout, summary.errors.status))
  io.write(string.format("latency ms: p50 %.2f  p90 %.2f  p99 %.2f  p99.9 %.2f  max %.2f\n",
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    latency:percentile(99.9) / 1000, latency.max / 1000))
end
