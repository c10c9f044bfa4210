import os


def run(x):
    os._exit(3)
