import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("i",))


class Tower(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.LayerNorm()(nn.Dense(8)(x))


tower = Tower()
params = tower.init(jax.random.PRNGKey(1), jnp.ones((1, 8)))


def embed_all(params, x):
    z = tower.apply(params, x)
    return jax.lax.all_gather(z, "i", tiled=True)


embed_all = jax.shard_map(embed_all, mesh=mesh, in_specs=(P(), P("i")), out_specs=P())
print(jax.jit(embed_all).lower(params, jnp.ones((8, 8))).as_text()[:60])
