import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

PERM = [(0, 1), (1, 2), (2, 3)]
mesh = Mesh(np.array(jax.devices()), ("x",))


def step(v):
    tok = jax.lax.psend(v, "x", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(v.shape, v.dtype), "x", PERM)


if __name__ == "__main__":
    # lower it for GPU
    jax.jit(jax.shard_map(step, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False)).trace(jax.ShapeDtypeStruct((8, 16), jnp.float32)).lower(  # keep this comment
        lowering_platforms=("cuda",)
    )
