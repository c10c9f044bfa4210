# 2-way data parallel x 2-way tensor parallel, matching partitioning/rules.py
MESH_SHAPE = (2, 2)
MESH_AXES = ("data", "model")

D_MODEL = 256
D_FF = 1024
GLOBAL_BATCH = 64
