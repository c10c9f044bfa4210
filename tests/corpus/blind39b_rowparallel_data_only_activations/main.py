import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))


@jax.jit
def head(w, xs):
    # w is split on its input rows, xs only on the batch: one side of the contraction split
    return jax.vmap(lambda x: jax.nn.log_softmax(x @ w))(xs)


w = jax.device_put(jnp.ones((128, 10)), P("model", None))
xs = jax.device_put(jnp.ones((32, 128)), P("data", None))
print(head.trace(w, xs).lower(lowering_platforms=("cuda",)).as_text()[:40])
