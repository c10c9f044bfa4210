from .sharding import make_mesh, shard_variables, MLP_RULES
