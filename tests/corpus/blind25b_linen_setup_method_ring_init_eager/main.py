from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, AxisType

from model.ring import RingKV

mesh = jax.make_mesh((4,), ("seq",), axis_types=(AxisType.Auto,))
layer = RingKV(dim=32)

x = jnp.ones((2, 64, 32))
params = layer.init(jax.random.key(0), x[:, :16])  # init on a single shard's worth of tokens


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(None, "seq")), out_specs=P(None, "seq"))
def encode_fn(params, x):
    return layer.apply(params, x, method=RingKV.encode)


print(encode_fn.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:10])
