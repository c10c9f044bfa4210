import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, reshard

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))

N_LAYERS, D = 4, 64


def init(key):
    keys = jax.random.split(key, N_LAYERS)
    return jax.vmap(lambda k: jax.random.normal(k, (D, D)) * 0.02)(keys)


def forward(stacked_w, x):
    def layer(h, w):
        h = jax.nn.gelu(h @ w)
        return reshard(h, P("data", None)), None   # keep the carry's type
    h, _ = jax.lax.scan(layer, x, stacked_w)
    return h


stacked_w = jax.device_put(init(jax.random.key(0)), P(None, None, "model"))
x = jax.device_put(jnp.ones((16, D)), P("data", None))
print(jax.jit(forward).trace(stacked_w, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
