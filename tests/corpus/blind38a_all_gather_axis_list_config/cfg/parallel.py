import json

# as loaded from a run config (JSON has no tuples)
CONFIG = json.loads('{"mesh_shape": [2, 2], "mesh_axes": ["fsdp", "tp"], "param_axes": ["fsdp", "tp"]}')
