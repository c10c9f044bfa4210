import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from model import SeqParallelBlock

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('dp', 'sp'))
D = 64
block = SeqParallelBlock(D, axis_name='sp', axis_size=jax.device_count())

x = jnp.ones((4, 128, D))
variables = jax.jit(
    jax.shard_map(lambda k, x: block.init(k, x), mesh=mesh,
                  in_specs=(P(), P('dp', 'sp')), out_specs=P())
)(jax.random.PRNGKey(0), x)
param_specs = jax.tree.map(lambda _: P(), variables)


def fwd(variables, x):
    return block.apply(variables, x)


fwd = jax.shard_map(fwd, mesh=mesh, in_specs=(param_specs, P('dp', 'sp')),
                    out_specs=P('dp', 'sp'))
fwd = jax.jit(fwd)
print(fwd.trace(variables, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
