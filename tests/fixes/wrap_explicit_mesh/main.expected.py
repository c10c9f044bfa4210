import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("x",))


def total(v):
    return jax.lax.psum(v, "x")


if __name__ == "__main__":
    arg = jax.ShapeDtypeStruct((8, 16), jnp.float32, sharding=NamedSharding(mesh, P("x")))
    jax.jit(jax.shard_map(total, mesh=mesh, out_specs=P(), check_vma=False)).trace(arg).lower(lowering_platforms=("cuda",))
