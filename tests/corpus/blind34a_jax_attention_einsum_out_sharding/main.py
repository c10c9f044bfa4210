import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from attention import mha

B, T, D, H, K = 8, 16, 64, 4, 16
mesh = jax.make_mesh((2, 2), ("data", "model"))

with jax.set_mesh(mesh):
    keys = jax.random.split(jax.random.key(0), 4)
    x = jax.random.normal(keys[0], (B, T, D), out_sharding=P("data", None, None))
    wq = jax.random.normal(keys[1], (D, H, K), out_sharding=P(None, "model", None))
    wk = jax.random.normal(keys[2], (D, H, K), out_sharding=P(None, "model", None))
    wv = jax.random.normal(keys[3], (D, H, K), out_sharding=P(None, "model", None))
    wo = jnp.zeros((H, K, D), out_sharding=P("model", None, None))
    out = jax.jit(mha).trace(x, wq, wk, wv, wo).lower(lowering_platforms=("cuda",))
print(out.out_info.shape)
