import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from nets.mlp import MultiDotReluDot

mesh = jax.make_mesh((2, 2), ("data", "model"))


@jax.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return model, loss


with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((8, 128)), P("data", None))
    y = jax.device_put(jnp.ones((8, 128)), P("data", None))
    model = MultiDotReluDot(128, 2, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    lowered = train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
print("ok")
