import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

N = 4
mesh = Mesh(np.array(jax.devices()), ("ring",))
to_right = [(i, (i + 1) % N) for i in range(N)]
to_left = [(i, max(i - 1, 0)) for i in range(N)]


class NeighbourAverage(eqx.Module):
    mix: jax.Array

    def __init__(self):
        self.mix = jnp.array([0.25, 0.5, 0.25])

    def __call__(self, x):
        def local(mix, blk):
            from_left = jax.lax.ppermute(blk, "ring", to_right)
            from_right = jax.lax.ppermute(blk, "ring", to_left)
            return mix[0] * from_left + mix[1] * blk + mix[2] * from_right

        return jax.shard_map(local, mesh=mesh, in_specs=(P(), P("ring")), out_specs=P("ring"))(self.mix, x)


layer = NeighbourAverage()


@eqx.filter_jit
def smooth(layer, x):
    return layer(x)


x = jnp.ones((16, 32))
print(jax.jit(smooth).trace(layer, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
