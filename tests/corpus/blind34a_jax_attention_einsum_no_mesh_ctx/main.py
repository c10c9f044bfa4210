import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from attention import mha

B, T, D, H, K = 8, 16, 64, 4, 16
mesh = jax.make_mesh((2, 2), ("data", "model"))


def shard(a, *spec):
    return jax.device_put(a, NamedSharding(mesh, P(*spec)))


keys = jax.random.split(jax.random.key(0), 4)
x = shard(jax.random.normal(keys[0], (B, T, D)), "data", None, None)
wq = shard(jax.random.normal(keys[1], (D, H, K)), None, "model", None)
wk = shard(jax.random.normal(keys[2], (D, H, K)), None, "model", None)
wv = shard(jax.random.normal(keys[3], (D, H, K)), None, "model", None)
wo = shard(jnp.zeros((H, K, D)), "model", None, None)
out = jax.jit(mha).trace(x, wq, wk, wv, wo).lower(lowering_platforms=("cuda",))
print(out.out_info.shape)
