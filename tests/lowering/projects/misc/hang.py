import os
import subprocess
import time


def run(x):
    child = subprocess.Popen(["sleep", "300"])
    with open("pids.txt", "w") as fh:
        fh.write(f"{os.getpid()} {child.pid}\n")
    while True:
        time.sleep(0.1)
