import jax
import jax.numpy as jnp
import numpy as np
import equinox as eqx
from jax.sharding import Mesh, PartitionSpec as P

from kernels.exchange import NeighbourExchange as NX


class Block(eqx.Module):
    exchange: NX
    mlp: eqx.nn.MLP

    def __call__(self, x):
        x = self.exchange(x)
        return jax.vmap(self.mlp)(x)


# 2 x 2: data parallel over "data", ring exchange along "ring"
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "ring"))
block = Block(NX("ring", mesh.shape["ring"]), eqx.nn.MLP(128, 128, 256, 1, key=jax.random.PRNGKey(0)))
params, static = eqx.partition(block, eqx.is_array)


@jax.jit
def apply(params, x):
    def local(params, x):
        return eqx.combine(params, static)(x)

    return jax.shard_map(
        local,
        mesh=mesh,
        in_specs=(P(), P(("data", "ring"))),
        out_specs=P(("data", "ring")),
        check_vma=False,
    )(params, x)


x = jnp.ones((4 * 8, 128), jnp.float32)
print(apply.trace(params, x).lower(lowering_platforms=("tpu",)).as_text()[:30])
