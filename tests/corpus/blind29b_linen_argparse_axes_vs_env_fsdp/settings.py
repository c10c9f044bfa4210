import os

DATA_AXIS = os.environ.get("DATA_AXIS", "data")
FSDP_AXIS = os.environ.get("FSDP_AXIS", "fsdp")
MESH_SHAPE = tuple(int(s) for s in os.environ.get("MESH_SHAPE", "2,2").split(","))
