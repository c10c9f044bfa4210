import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from permute_kernel import permute

AXIS = "x"
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (AXIS, "replica"))
spec = P(None, AXIS)

# the permutation only runs along AXIS: leave the replica axis to the partitioner
shifted = jax.jit(shard_map.shard_map(
    functools.partial(permute, axis_name=AXIS, num_devices=mesh.shape[AXIS], shift=1),
    mesh=mesh, in_specs=spec, out_specs=spec, check_rep=False, auto=frozenset({"replica"})))
x = jnp.zeros((8, 128 * mesh.size), jnp.float32)
shifted.trace(x).lower(lowering_platforms=("tpu",))
