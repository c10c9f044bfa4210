"""The right-permute kernel lives in kernels.py, its pallas_call in ops.py; this script shard_maps it."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from ops import right_permute

n = jax.device_count()
mesh = jax.make_mesh((n,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))
permute = functools.partial(right_permute, axis="x", num_devices=n)
f = jax.jit(jax.shard_map(permute, mesh=mesh, in_specs=P(None, "x"), out_specs=P(None, "x"), check_vma=False))
f.trace(jax.ShapeDtypeStruct((8, 128 * n), jnp.float32)).lower(lowering_platforms=("tpu",))
