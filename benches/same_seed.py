#!/usr/bin/env python3
"""The same seed gives the same output: runs every generator case of
tests/cli/same_seed.rs with the given binary and prints each written
file's FNV-1a 64 hash (what the test records). Usage:
python3 benches/same_seed.py target/release/evoboard"""
import subprocess,sys,os,tempfile
E=sys.argv[1]
CASES=[
 ("tm-best", "generate terra-mystica --seed 11 --out {o}.level.ron"),
 ("tm-sahc", "generate terra-mystica --algorithm sahc --target 60 --seed 5 --out {o}.level.ron"),
 ("catan-best", "generate catan --seed 3 --out {o}.level.ron"),
 ("catan-56", "generate catan --players 5-6 --seed 4 --out {o}.level.ron"),
 ("catan-brkga", "generate catan --algorithm brkga --target 8 --seed 6 --out {o}.level.ron"),
 ("catan-pso", "generate catan --algorithm pso --target 8 --seed 6 --out {o}.level.ron"),
 ("catan-aco", "generate catan --algorithm aco --target 8 --seed 6 --out {o}.level.ron"),
 ("dungeon-small", "dungeon --size small --seed 7 --out {o}.level.ron"),
 ("dungeon-medium", "dungeon --size medium --seed 8 --out {o}.level.ron"),
 ("puzzle-grade2", "puzzle generate --seed 5 --out {o}.level.ron"),
 ("puzzle-takuzu3", "puzzle generate --rules takuzu --size 8 --grade 3 --seed 6 --out {o}.level.ron"),
 ("puzzle-sym4", "puzzle generate --symmetric --grade 4 --seed 2 --out {o}.level.ron"),
 ("puzzle-hard", "puzzle generate --difficulty hard --seed 9 --out {o}.level.ron"),
 ("domino-tune", "domino tune --strategy 1 --stage 1 --population 4 --generations 2 --matches 10 --seed 3 --threads 1 --out {o}.ron"),
]
def fnv(b):
    h=0xcbf29ce484222325
    for x in b: h=((h^x)*0x100000001b3)&0xffffffffffffffff
    return h
d=tempfile.mkdtemp()
for name,cmd in CASES:
    o=os.path.join(d,name)
    r=subprocess.run([E]+cmd.format(o=o).split(),capture_output=True,text=True)
    if r.returncode: print(name,"FAIL",r.stderr.strip()[:300]); continue
    f=[p for p in os.listdir(d) if p.startswith(name+'.')][0]
    print(name, hex(fnv(open(os.path.join(d,f),'rb').read())))
