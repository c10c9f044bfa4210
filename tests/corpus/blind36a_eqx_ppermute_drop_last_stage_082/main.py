import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from schedule import STAGE, gpipe

N = 4
mesh = Mesh(np.array(jax.devices()), (STAGE,))
keys = jax.random.split(jax.random.key(0), N)
# one Linear per stage, stacked along a leading axis (Equinox "scan over layers" idiom)
stacked = eqx.filter_vmap(lambda k: eqx.nn.Linear(16, 16, key=k))(keys)
params, static = eqx.partition(stacked, eqx.is_array)


def run(params, xs):
    layer = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
    return gpipe(lambda h: jax.nn.relu(jax.vmap(layer)(h)), xs, N)


pipeline = jax.jit(jax.shard_map(run, mesh=mesh, in_specs=(P(STAGE), P()), out_specs=P(STAGE),
                                 check_vma=False))
xs = jnp.ones((6, 8, 16))
print(pipeline.trace(params, xs).lower(lowering_platforms=("cuda",)).as_text()[:20])
