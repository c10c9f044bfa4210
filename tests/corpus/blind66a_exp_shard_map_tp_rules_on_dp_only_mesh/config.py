# data-parallel only run: every device holds a full copy of the weights
MESH_SHAPE = (4,)
MESH_AXES = ("data",)

D_MODEL = 256
D_FF = 1024
GLOBAL_BATCH = 64
