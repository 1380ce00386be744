# Paired first reads of GET /sweeps/{id} (issue 17, branch sweepfirst): two builds up at once on one run-scale database
# (KEEP=1), one client alternating them request by request (who goes first alternates), sweep_answers emptied
# before each round of the 90 seeded sweeps, so every read renders; one unmeasured round, then ROUNDS measured.
#   python3 src/test/load/sweep-first-paired.py PORT_A PORT_B DB ROUNDS [/table.csv]
# Start each service with --fqlab.sweep-answers-on-start=false (and -Xlog:gc… to count pauses).
import http.client, sys, time, subprocess
pa,pb,db,rounds=int(sys.argv[1]),int(sys.argv[2]),sys.argv[3],int(sys.argv[4])
path_suffix=sys.argv[5] if len(sys.argv)>5 else ''
q=lambda s: subprocess.run(['psql','-h','127.0.0.1','-U','postgres','-d',db,'-Atqc',s],capture_output=True,text=True,check=True).stdout.split()
ids=q("SELECT id FROM sweeps WHERE name LIKE 'scale-sweep-%' ORDER BY seq LIMIT 90")
conns={p:http.client.HTTPConnection('127.0.0.1',p) for p in (pa,pb)}
def get(p,path):
    c=conns[p]; t0=time.perf_counter(); c.request('GET','/api/v1'+path); r=c.getresponse(); b=r.read(); t=(time.perf_counter()-t0)*1000
    assert r.status==200,(r.status,b[:200]); return t,len(b)
for p in (pa,pb):
    for i in range(5): get(p,'/sweeps/'+ids[0]+path_suffix)
ms={pa:[],pb:[]}; sizes={pa:set(),pb:set()}
for rd in range(rounds+1):
    q("DELETE FROM sweep_answers")
    for k,sid in enumerate(ids):
        order=(pa,pb) if (k+rd)%2==0 else (pb,pa)
        for p in order:
            t,n=get(p,'/sweeps/'+sid+path_suffix)
            if rd>0: ms[p].append(t); sizes[p].add(n)
def pc(s,f): s=sorted(s); return s[min(len(s)-1,int(-(-f*len(s)//1))-1)]
for p in (pa,pb):
    s=ms[p]; print(f"port {p}: n={len(s)} p50={pc(s,.5):.1f} p90={pc(s,.9):.1f} p99={pc(s,.99):.1f} max={max(s):.1f} sizes={sorted(sizes[p])[:3]}")
