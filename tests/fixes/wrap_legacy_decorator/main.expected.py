import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P
from functools import partial

PERM = [(0, 1), (1, 2), (2, 3)]


mesh = jax.sharding.Mesh(jax.devices(), ("x",))


# the step function
@jax.jit
@partial(shard_map, mesh=mesh, in_specs=P(), out_specs=P(), check_rep=False)
def step(v):
    tok = jax.lax.psend(v, "x", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(v.shape, v.dtype), "x", PERM)


if __name__ == "__main__":
    step.trace(jax.ShapeDtypeStruct((8, 16), jnp.float32)).lower(lowering_platforms=("cuda",))
