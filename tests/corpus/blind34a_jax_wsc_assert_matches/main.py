import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P
from jax.lax import with_sharding_constraint as wsc

mesh = jax.make_mesh((2, 2), ("dp", "tp"))


@jax.jit
def ffn(x, w1, w2):
    h = jax.nn.relu(x @ w1)          # [B, F] -> P('dp', 'tp')
    h = wsc(h, P("dp", "tp"))        # documents the layout; an assert on Explicit axes
    return h @ w2


with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((16, 32)), P("dp", None))
    w1 = jax.device_put(jnp.ones((32, 64)), P(None, "tp"))
    w2 = jax.device_put(jnp.ones((64, 32)), P(None, None))
    print(ffn.trace(x, w1, w2).lower(lowering_platforms=("cuda",)).as_text()[:20])
