import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from halo import exchange_halos
from topology import MESH_AXES, MESH_SHAPE

mesh = Mesh(np.array(jax.devices()).reshape(MESH_SHAPE), MESH_AXES)
num_rows = mesh.shape["rows"]
step = jax.jit(jax.shard_map(
    functools.partial(exchange_halos, axis_name="rows", num_devices=num_rows),
    mesh=mesh, in_specs=P("rows", "cols"), out_specs=(P("rows", "cols"), P("rows", "cols")),
    check_vma=False))
x = jax.ShapeDtypeStruct((64 * num_rows, 256), jnp.float32)
step.trace(x).lower(lowering_platforms=("tpu",))
