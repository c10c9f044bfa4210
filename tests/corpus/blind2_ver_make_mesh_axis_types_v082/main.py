"""A data+tensor parallel block whose mesh comes from jax.make_mesh; the inputs are plain
ShapeDtypeStructs (no sharding)."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from mesh_utils_lite import MeshConfig

cfg = MeshConfig()
mesh = cfg.create_mesh()


def block(x, w):
    return jax.lax.psum(x @ w, "tensor")


f = jax.jit(jax.shard_map(block, mesh=mesh, in_specs=(P("data", "tensor"), P("tensor", None)),
                          out_specs=P("data", None)))
f.trace(jax.ShapeDtypeStruct((16, 256), jnp.float32), jax.ShapeDtypeStruct((256, 64), jnp.float32)).lower(
    lowering_platforms=("cuda",))
