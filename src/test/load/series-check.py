#!/usr/bin/env python3
"""Series storage check (issue 17), driven by series-check.sh; talks HTTP to running fqlab services.

  series-check.py run PORT OUT.json        submit every experiment preset (seed 1), wait, save per preset its
                                           experiment id, series.csv bytes and /result JSON text
  series-check.py refetch PORT IN.json OUT.json
                                           fetch the same experiments again (after the new version migrated the
                                           database they were stored in)
  series-check.py compare A.json B.json    exit 1 unless every preset's series.csv and result are byte-identical
  series-check.py outputs PORT OUT.json    every preset with outputs.series coarse and none: the result without
                                           "series" and "engine" must equal the full run's (compare-outputs)
"""
import hashlib
import json
import sys
import time
import urllib.error
import urllib.request


def call(port, method, path, body=None, raw=False):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method,
                                     data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=300) as answer:
            data = answer.read()
            return answer.status, data if raw else json.loads(data)
    except urllib.error.HTTPError as e:
        data = e.read()
        return e.code, data if raw else json.loads(data or b"null")


def presets(port):
    return [p["name"] for p in call(port, "GET", "/api/v1/presets")[1]
            if p.get("kind") == "experiment" and p.get("available", True)]


def wait(port, experiment_id):
    while True:
        status = call(port, "GET", f"/api/v1/experiments/{experiment_id}")[1]["status"]
        if status in ("SUCCEEDED", "FAILED", "CANCELLED"):
            return status
        time.sleep(0.3)


def fetch(port, experiment_id):
    csv_status, csv = call(port, "GET", f"/api/v1/experiments/{experiment_id}/series.csv", raw=True)
    _, result = call(port, "GET", f"/api/v1/experiments/{experiment_id}/result", raw=True)
    return {"id": experiment_id, "csvStatus": csv_status, "csv": csv.decode(), "result": result.decode(),
            "csvSha": hashlib.sha256(csv).hexdigest()[:16]}


def submit_all(port, extra=None):
    ids = {}
    for name in presets(port):
        status, experiment = call(port, "POST", "/api/v1/experiments", dict({"preset": name}, **(extra or {})))
        ids[name] = experiment.get("id") if status == 202 else None
    for name, experiment_id in ids.items():
        if experiment_id:
            wait(port, experiment_id)
    return ids


def volatile_free(result_text):
    """A result without what differs between runs of one scenario: ids, the engine's statistics (a run without series
    has fewer events) and the series."""
    result = json.loads(result_text)
    for key in ("experimentId", "engine", "series"):
        result.pop(key, None)
    return result


def main():
    command = sys.argv[1]
    if command == "run":
        port, out = sys.argv[2], sys.argv[3]
        runs = {name: fetch(port, i) if i else None for name, i in submit_all(port).items()}
        json.dump(runs, open(out, "w"))
        print(f"{len(runs)} presets run on :{port}")
    elif command == "refetch":
        port, before, out = sys.argv[2], json.load(open(sys.argv[3])), sys.argv[4]
        json.dump({name: fetch(port, run["id"]) if run else None for name, run in before.items()}, open(out, "w"))
    elif command == "compare":
        a, b = json.load(open(sys.argv[2])), json.load(open(sys.argv[3]))
        bad = 0
        for name in a:
            x, y = a[name], b.get(name)
            if x is None or y is None:
                print(f"{name}\tMISSING")
                bad += 1
                continue
            same_csv = x["csv"] == y["csv"] and x["csvStatus"] == y["csvStatus"] == 200
            # Two runs of one preset differ in experimentId and engine statistics; a refetch differs in nothing.
            same_result = x["result"] == y["result"] if x["id"] == y["id"] else \
                volatile_free(x["result"]) == volatile_free(y["result"]) and \
                json.loads(x["result"])["series"] == json.loads(y["result"])["series"]
            print(f"{name}\tcsv {'identical' if same_csv else 'DIFFERENT'} ({len(x['csv'])} bytes, {x['csvSha']})"
                  f"\tresult {'identical' if same_result else 'DIFFERENT'}")
            bad += 0 if same_csv and same_result else 1
        print(f"{len(a) - bad} of {len(a)} presets identical")
        sys.exit(1 if bad else 0)
    elif command == "outputs":
        port, full = sys.argv[2], json.load(open(sys.argv[3]))
        bad = 0
        for output in ("coarse", "none"):
            ids = submit_all(port, {"outputs": {"series": output}})
            for name, experiment_id in ids.items():
                run = fetch(port, experiment_id)
                same = volatile_free(run["result"]) == volatile_free(full[name]["result"])
                series = json.loads(run["result"])["series"]
                points = len(series["t"]) if series else 0
                expected_csv = 404 if output == "none" else 200
                had_series = json.loads(full[name]["result"])["series"] is not None
                ok = same and run["csvStatus"] == expected_csv \
                    and (series is not None) == (output == "coarse" and had_series) \
                    and points <= (100 if output == "coarse" else 0)
                print(f"{name}\t{output}\tsummary {'identical' if same else 'DIFFERENT'}\tseries.csv "
                      f"{run['csvStatus']}\t{points} intervals\t{'ok' if ok else 'BAD'}")
                bad += 0 if ok else 1
        sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
