import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, reshard

mesh = jax.make_mesh((2, 2), ("X", "Y"))
jax.set_mesh(mesh)


@jax.jit
def block(x, w_qkv, w_o):
    qkv = jnp.einsum("btd,dh->bth", x, w_qkv)
    q, k, v = jnp.split(qkv, 3, axis=-1)
    scores = jax.nn.softmax(jnp.einsum("bqh,bkh->bqk", q, k) / 8.0, axis=-1)
    attn = jnp.einsum("bqk,bkh->bqh", scores, v)
    attn = reshard(attn, P("X", None, None))
    return x + attn @ w_o


x = jax.device_put(jnp.ones((4, 16, 32)), P("X", None, None))
w_qkv = jax.device_put(jnp.ones((32, 96)), P(None, "Y"))
w_o = jax.device_put(jnp.ones((32, 32)), P())
print(block.trace(x, w_qkv, w_o).lower(lowering_platforms=("cuda",)).as_text()[:50])
