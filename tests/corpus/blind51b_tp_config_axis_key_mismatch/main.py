import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from tp import RowParallelMLP

CONFIG = {"tp_axis": "model", "dp_axis": "data", "reduce": "sum"}

MESH_AXES = ("data", "tensor")
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), MESH_AXES)
mlp = RowParallelMLP(CONFIG)

param_specs = {"w1": P(None, MESH_AXES[1]), "w2": P(MESH_AXES[1], None)}
sharded_mlp = shard_map(mlp, mesh=mesh, in_specs=(param_specs, P(CONFIG["dp_axis"], None)),
                        out_specs=P(CONFIG["dp_axis"], None))

params = {"w1": jnp.ones((64, 256)), "w2": jnp.ones((256, 64))}
x = jnp.ones((16, 64))

fwd = jax.jit(sharded_mlp)
print(fwd.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
