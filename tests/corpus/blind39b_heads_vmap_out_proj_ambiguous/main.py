import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))

B, H, T, Dh, D = 8, 4, 16, 32, 128


def attend(q, k, v):
    logits = q @ k.T / jnp.sqrt(Dh).astype(q.dtype)
    return jax.nn.softmax(logits, axis=-1) @ v


def example(q, k, v, wo):
    heads = jax.vmap(attend, in_axes=(1, 1, 1), out_axes=1)(q, k, v)  # (T, H, Dh)
    return jnp.einsum("thd,hdm->tm", heads, wo)


@jax.jit
def attention(q, k, v, wo):
    return jax.vmap(example, in_axes=(0, 0, 0, None))(q, k, v, wo)


spec = P("data", None, "model", None)
q = jax.device_put(jnp.ones((B, T, H, Dh)), spec)
k = jax.device_put(jnp.ones((B, T, H, Dh)), spec)
v = jax.device_put(jnp.ones((B, T, H, Dh)), spec)
wo = jax.device_put(jnp.ones((H, Dh, D)), P("model", None, None))
print(attention.trace(q, k, v, wo).lower(lowering_platforms=("cuda",)).as_text()[:40])
