import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from layers import RingMixer

MESH_AXES = {"data": 2, "x": 2}
mesh = Mesh(np.array(jax.devices()).reshape(tuple(MESH_AXES.values())), tuple(MESH_AXES))
mixer = RingMixer(128, "x", mesh.shape["x"], key=jax.random.PRNGKey(0))


@jax.jit
def apply(mixer, x):
    # Only the ring axis is manual; the data axis is left to the partitioner.
    ring = jax.shard_map(
        lambda m, xs: m(xs),
        mesh=mesh,
        in_specs=(P(), P("x")),
        out_specs=P("x"),
        axis_names={"x"},
        check_vma=False,
    )
    return ring(mixer, x)


x = jnp.ones((16, 128), jnp.float32)
apply.trace(mixer, x).lower(lowering_platforms=("tpu",))
