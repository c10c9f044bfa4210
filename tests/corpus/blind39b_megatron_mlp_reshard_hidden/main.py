import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, reshard

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))


def mlp(w_in, w_out, x):
    h = jax.nn.silu(x @ w_in)
    h = reshard(h, P())          # gather the hidden of this example
    return h @ w_out             # only w_out's contracting dim is split now


@jax.jit
def apply(w_in, w_out, xs):
    ys = jax.vmap(mlp, in_axes=(None, None, 0))(w_in, w_out, xs)
    return reshard(ys, P("data", None))


w_in = jax.device_put(jnp.ones((32, 128)), P(None, "model"))
w_out = jax.device_put(jnp.ones((128, 32)), P("model", None))
xs = jax.device_put(jnp.ones((8, 32)), P("data", None))
print(apply.trace(w_in, w_out, xs).lower(lowering_platforms=("cuda",)).as_text()[:60])
