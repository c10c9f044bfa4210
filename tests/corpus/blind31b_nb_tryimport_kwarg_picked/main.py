# Exported from colab: seq_parallel_allgather.ipynb
# %%
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

try:
    from jax import shard_map  # jax >= 0.6
    NO_CHECK = dict(check_vma=False)
except ImportError:
    from jax.experimental.shard_map import shard_map
    NO_CHECK = dict(check_rep=False)

# %%
mesh = jax.make_mesh((4,), ("seq",))

def gather_then_matmul(x_blk, w):
    x_full = jax.lax.all_gather(x_blk, "seq", axis=0, tiled=True)
    return x_full @ w

# %%
f = shard_map(gather_then_matmul, mesh=mesh,
              in_specs=(P("seq", None), P()), out_specs=P(), **NO_CHECK)

# %%
x = jnp.ones((32, 64))
w = jnp.ones((64, 64))
print(jax.jit(f).trace(x, w).lower(lowering_platforms=("cuda",)).as_text()[:60])
