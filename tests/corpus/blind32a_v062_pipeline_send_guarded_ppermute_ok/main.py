import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from stages.comm import shift
from stages.model import Block

N = 4
mesh = Mesh(np.array(jax.devices()[:N]), ("pp",))
blocks = eqx.filter_vmap(lambda k: Block(32, k))(jax.random.split(jax.random.key(3), N))
params, static = eqx.partition(blocks, eqx.is_array)


def stage_fn(params, x):
    blk = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
    return shift(blk(x[0]), "pp", N)[None]


fn = jax.shard_map(stage_fn, mesh=mesh, in_specs=(P("pp"), P("pp")), out_specs=P("pp"))
x = jnp.ones((N, 10, 32))
print(jax.jit(fn).trace(params, x).lower(lowering_platforms=("cuda",)) is not None)
