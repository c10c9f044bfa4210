from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, NamedSharding, AxisType

from model.ring import RingKV

mesh = jax.make_mesh((4,), ("seq",), axis_types=(AxisType.Auto,))
layer = RingKV(dim=32)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(None, "seq")), out_specs=P())
def init_fn(key, x):
    return layer.init(key, x)


# let the compiler partition the sequence dimension instead of a second shard_map
@partial(jax.jit, in_shardings=(None, NamedSharding(mesh, P(None, "seq"))))
def encode_fn(params, x):
    return layer.apply(params, x, method="encode")


x = jnp.ones((2, 64, 32))
params = jax.eval_shape(init_fn, jax.random.key(0), x)
print(encode_fn.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:10])
