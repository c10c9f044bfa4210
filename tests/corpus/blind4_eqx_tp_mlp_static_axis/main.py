import jax
import jax.numpy as jnp
import numpy as np
from functools import partial
from jax.sharding import Mesh, PartitionSpec as P

from tp.layers import ParallelMLP
from tp.specs import mlp_param_specs

DP, TP = "dp", "tp"
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (DP, TP))

mlp = ParallelMLP(dim=16, hidden=64, axis_name=TP, key=jax.random.PRNGKey(0))
param_specs = mlp_param_specs(mlp, TP)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(param_specs, P(DP)), out_specs=P(DP))
def forward(mlp, x):
    return mlp(x)


x = jnp.ones((8, 4, 16))
forward.trace(mlp, x).lower(lowering_platforms=("cuda",))
