"""reshard used to move the batch between layouts, on a mesh built with jax.sharding.Mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "seq"))


def attention_scores(q, k):
    q = jax.sharding.reshard(q, P("data", None, None))
    k = jax.sharding.reshard(k, P("data", None, None))
    return jax.nn.softmax(jnp.einsum("bqd,bkd->bqk", q, k) / np.sqrt(q.shape[-1]), axis=-1)


step = jax.jit(attention_scores)
q = jax.device_put(jnp.ones((4, 16, 8)), NamedSharding(mesh, P("data", "seq")))
k = jax.device_put(jnp.ones((4, 16, 8)), NamedSharding(mesh, P("data", "seq")))
with jax.set_mesh(mesh):
    print(step.trace(q, k).lower(lowering_platforms=("cuda",)).as_text()[:20])
