import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))


def init(key, d_model=64, d_ff=256):
    k1, k2 = jax.random.split(key)
    return {
        "w_in": jax.random.normal(k1, (d_model, d_ff), out_sharding=P(None, "model")),
        "w_out": jax.random.normal(k2, (d_ff, d_model), out_sharding=P("model", None)),
    }


def mlp(params, x):
    h = jax.nn.relu(x @ params["w_in"])
    return jnp.matmul(h, params["w_out"], out_sharding=P(None))


@jax.jit
def apply(params, xs):
    return jax.vmap(mlp, in_axes=(None, 0))(params, xs)


params = init(jax.random.key(0))
xs = jax.device_put(jnp.ones((8, 64)), P("data", None))
print(apply.trace(params, xs).lower(lowering_platforms=("cuda",)).as_text()[:60])
