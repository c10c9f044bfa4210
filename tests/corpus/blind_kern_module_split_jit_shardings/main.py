"""The right-permute kernel lives in kernels.py, its pallas_call in ops.py; this script jits it
with the input's NamedSharding instead of shard_mapping it."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from ops import right_permute

n = jax.device_count()
mesh = jax.make_mesh((n,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))
permute = functools.partial(right_permute, axis="x", num_devices=n)
s = NamedSharding(mesh, P(None, "x"))
f = jax.jit(permute, in_shardings=s, out_shardings=s)
f.trace(jax.ShapeDtypeStruct((8, 128 * n), jnp.float32)).lower(lowering_platforms=("tpu",))
