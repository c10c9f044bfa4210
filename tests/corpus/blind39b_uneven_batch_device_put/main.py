import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))
jax.set_mesh(mesh)


def score(w, x):
    return jnp.dot(x, w).sum()


batched_score = jax.jit(jax.vmap(score, in_axes=(None, 0)))

w = jax.device_put(jnp.ones((16, 8)), P(None, "model"))
batch = jnp.ones((6, 16))                                # last partial batch of the epoch
batch = jax.device_put(batch, P(("data", "model"), None))  # pure data parallel over all 4 devices
print(batched_score.trace(w, batch).lower(lowering_platforms=("cuda",)).as_text()[:40])
