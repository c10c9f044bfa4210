import jax
import jax.numpy as jnp
from jax import P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))


def loss(w, x, y):
    pred = jnp.tanh(x @ w)
    return jnp.mean((pred.sum() - y) ** 2)


per_example_grads = jax.jit(jax.vmap(jax.grad(loss), in_axes=(None, 0, 0)))

w = jax.device_put(jnp.ones((32, 64)), P(None, "model"))
x = jax.device_put(jnp.ones((16, 32)), P("data", None))
y = jax.device_put(jnp.ones((16,)), P("data"))

lowered = per_example_grads.trace(w, x, y).lower(lowering_platforms=("cuda",))
print(lowered.out_info.shape)
