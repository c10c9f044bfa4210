import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from tp import RowParallelMLP

CONFIG = {"tp_axis": "model", "dp_axis": "data", "reduce": "none"}

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (CONFIG["dp_axis"], CONFIG["tp_axis"]))
mlp = RowParallelMLP(CONFIG)

param_specs = {"w1": P(None, CONFIG["tp_axis"]), "w2": P(CONFIG["tp_axis"], None)}
sharded_mlp = shard_map(mlp, mesh=mesh, in_specs=(param_specs, P(CONFIG["dp_axis"], None)),
                        out_specs=P(CONFIG["dp_axis"], None))

params = {"w1": jnp.ones((64, 256)), "w2": jnp.ones((256, 64))}
x = jnp.ones((16, 64))

fwd = jax.jit(sharded_mlp)
print(fwd.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
