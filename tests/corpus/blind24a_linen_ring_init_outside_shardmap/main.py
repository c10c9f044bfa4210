import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

N = 4


class RingStage(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        idx = jax.lax.axis_index("pipe")
        h = nn.Dense(self.features)(x)
        h = jnp.where(idx == 0, x, h)
        return jax.lax.ppermute(h, "pipe", [(i, (i + 1) % N) for i in range(N)])


model = RingStage(features=16)
mesh = Mesh(np.array(jax.devices()), ("pipe",))


def sharded_apply(params, x):
    fn = jax.shard_map(lambda p, v: model.apply(p, v), mesh=mesh,
                       in_specs=(P(), P("pipe")), out_specs=P("pipe"), check_vma=False)
    return fn(params, x)


@jax.jit
def init_and_run(key, x):
    params = model.init(key, x[:2])
    return sharded_apply(params, x)


x = jnp.ones((8, 16))
lowered = init_and_run.trace(jax.random.PRNGKey(0), x).lower(lowering_platforms=("cuda",))
print("ok")
