import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from distributed import distributed_context


def column_then_row(x, w1, w2):
    h = jax.nn.silu(x @ w1)
    return jax.lax.psum(h @ w2, "tp")


with distributed_context() as mesh:
    mlp = jax.jit(jax.shard_map(column_then_row, in_specs=(P("dp"), P(None, "tp"), P("tp", None)),
                                out_specs=P("dp")))
    mlp.trace(jax.ShapeDtypeStruct((8, 128), jnp.float32), jax.ShapeDtypeStruct((128, 512), jnp.float32),
              jax.ShapeDtypeStruct((512, 128), jnp.float32)).lower(lowering_platforms=("cuda",))
