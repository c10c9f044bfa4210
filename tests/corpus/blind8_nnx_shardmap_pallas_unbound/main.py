import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

import comm

PLAT = 'tpu'


class Model(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear = nnx.Linear(8, 8, rngs=rngs)

    def __call__(self, x):
        h = self.linear(x)
        return comm.communicate(h)


mesh = jax.make_mesh((4,), ('e',))
model = Model(nnx.Rngs(0))
x = jax.device_put(jnp.ones((16, 8), jnp.float32), NamedSharding(mesh, P('e')))


def per_shard(model, x):
    return model(x)

step = nnx.shard_map(per_shard, mesh=mesh, in_specs=(P(), P('e')), out_specs=P('e'), check_vma=False)


lowered = jax.jit(step).trace(model, x).lower(lowering_platforms=(PLAT,))
