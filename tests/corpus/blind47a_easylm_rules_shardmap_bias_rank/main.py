import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as PS
import numpy as np

from model import Block
from partitioning import get_partition_rules, match_partition_rules

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('fsdp', 'tp'))
TP = mesh.shape['tp']

# global (unsharded) parameter shapes come from the full-width model
full_model = Block()
x = jnp.ones((8, 16, 64), jnp.float32)
params_shape = jax.eval_shape(lambda: full_model.init(jax.random.PRNGKey(0), x))
param_specs = match_partition_rules(get_partition_rules(), params_shape)
print(param_specs['params']['mlp']['fc_in'])

# the per-device model (d_ff split by tp) is what runs under shard_map
local_model = Block(tp_size=TP)


def forward(variables, batch):
    return local_model.apply(variables, batch)


sharded_forward = jax.jit(
    jax.shard_map(
        forward,
        mesh=mesh,
        in_specs=(param_specs, PS('fsdp')),
        out_specs=PS('fsdp'),
    )
)

params = jax.tree_util.tree_map(lambda s: jnp.zeros(s.shape, s.dtype), params_shape)
print(sharded_forward.trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
