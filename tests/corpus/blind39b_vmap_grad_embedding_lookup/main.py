import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((4,), ("data",)))


def loss(params, ids, label):
    x = params["embed"][ids].mean(axis=0)
    logits = x @ params["head"]
    return -jax.nn.log_softmax(logits)[label]


per_example = jax.jit(jax.vmap(jax.grad(loss), in_axes=(None, 0, 0)))

params = {"embed": jnp.ones((100, 16)), "head": jnp.ones((16, 3))}
ids = jax.device_put(jnp.zeros((8, 10), jnp.int32), P("data", None))
labels = jax.device_put(jnp.zeros((8,), jnp.int32), P("data"))
out = per_example.trace(params, ids, labels).lower(lowering_platforms=("cuda",))
print(jax.tree.map(lambda s: s.shape, out.out_info))
