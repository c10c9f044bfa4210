import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))

B, H, T, Dh = 8, 4, 16, 32


def attend(q, k, v):
    # one head of one example: (T, Dh)
    logits = q @ k.T / jnp.sqrt(Dh).astype(q.dtype)
    return jax.nn.softmax(logits, axis=-1) @ v


multihead = jax.vmap(attend, in_axes=(1, 1, 1), out_axes=1)   # heads at axis 1 of (T, H, Dh)
batched = jax.vmap(multihead)                                 # examples


@jax.jit
def attention(q, k, v):
    return batched(q, k, v)


spec = P("data", None, "model", None)   # (B, T, H, Dh): heads split over 'model'
q = jax.device_put(jnp.ones((B, T, H, Dh)), spec)
k = jax.device_put(jnp.ones((B, T, H, Dh)), spec)
v = jax.device_put(jnp.ones((B, T, H, Dh)), spec)
print(attention.trace(q, k, v).lower(lowering_platforms=("cuda",)).as_text()[:40])
