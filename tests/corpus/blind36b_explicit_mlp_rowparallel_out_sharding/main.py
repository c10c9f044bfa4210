import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))
jax.set_mesh(mesh)

D, F, B = 64, 256, 8


def init_params(key):
    k1, k2 = jax.random.split(key)
    w_in = jax.random.normal(k1, (D, F), out_sharding=P(None, "model")) * 0.02
    w_out = jax.random.normal(k2, (F, D), out_sharding=P("model", None)) * 0.02
    return {"w_in": w_in, "w_out": w_out}


def mlp(params, x):
    # column-parallel: hidden is split over 'model'
    h = jnp.einsum("bd,df->bf", x, params["w_in"])
    h = jax.nn.gelu(h)
    # row-parallel: the contraction dim is split over 'model', so say where the sum goes
    return jnp.einsum("bf,fd->bd", h, params["w_out"], out_sharding=P("data", None))


def loss_fn(params, x, y):
    pred = mlp(params, x)
    return jnp.mean((pred - y) ** 2)


@jax.jit
def train_step(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    params = jax.tree.map(lambda p, g: p - 1e-2 * g, params, grads)
    return params, loss


params = init_params(jax.random.key(0))
x = jax.device_put(jnp.ones((B, D)), P("data", None))
y = jax.device_put(jnp.zeros((B, D)), P("data", None))
lowered = train_step.trace(params, x, y).lower(lowering_platforms=("cuda",))
print("lowered", type(lowered).__name__)
