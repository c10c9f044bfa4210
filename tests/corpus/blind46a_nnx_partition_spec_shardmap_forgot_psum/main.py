import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from tp_mlp import TPMlp

mesh = jax.make_mesh((2, 2), ("data", "model"))
with jax.set_mesh(mesh):
    model = TPMlp(64, 256, rngs=nnx.Rngs(0))

graphdef, params = nnx.split(model, nnx.Param)
param_specs = nnx.get_partition_spec(params)
x = jax.device_put(jnp.ones((16, 64)), NamedSharding(mesh, P("data", None)))


def mlp_block(params, x):
    local = nnx.merge(graphdef, params)
    return local(x)


sharded = jax.jit(jax.shard_map(mlp_block, mesh=mesh, in_specs=(param_specs, P("data", None)),
                                out_specs=P("data", None)))
print(sharded.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
