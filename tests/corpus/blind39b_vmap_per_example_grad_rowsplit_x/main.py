import jax
import jax.numpy as jnp
from jax import P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))


def loss(w, x, y):
    pred = x @ w
    return jnp.sum((pred - y) ** 2)


per_example_grads = jax.jit(jax.vmap(jax.grad(loss), in_axes=(None, 0, 0)))

# features of x split over 'model' and the weight's input rows too
w = jax.device_put(jnp.ones((32, 8)), P("model", None))
x = jax.device_put(jnp.ones((16, 32)), P("data", "model"))
y = jax.device_put(jnp.ones((16, 8)), P("data", None))

lowered = per_example_grads.trace(w, x, y).lower(lowering_platforms=("cuda",))
print(lowered.out_info.shape)
