import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))


def score(w, x):
    return jnp.dot(x, w).sum()


batched_score = jax.jit(jax.vmap(score, in_axes=(None, 0)))

w = jax.device_put(jnp.ones((16, 8)), P(None, "model"))
batch = jax.device_put(jnp.ones((6, 16)), P("data", None))   # 6 over the 2 'data' devices
print(batched_score.trace(w, batch).lower(lowering_platforms=("cuda",)).as_text()[:40])
