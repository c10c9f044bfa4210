import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from ring.linear import RingLinear

mesh = Mesh(np.array(jax.devices()), ("ring",))
layer = RingLinear(jax.random.normal(jax.random.PRNGKey(0), (256, 64)), "ring", 4)


@eqx.filter_jit
def apply(layer, x):
    specs = eqx.tree_at(lambda l: l.weight, layer, P("ring", None))
    fn = jax.shard_map(lambda l, x: l(x), mesh=mesh, in_specs=(specs, P(None, "ring")), out_specs=P(None, "ring"))
    return fn(layer, x)


x = jnp.ones((8, 256))
print(jax.jit(apply).trace(layer, x).lower(lowering_platforms=("cuda",)) is not None)
