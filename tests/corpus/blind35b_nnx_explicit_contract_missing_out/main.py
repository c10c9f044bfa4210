import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from models import DotReluDot

mesh = jax.make_mesh((2, 2), ("data", "model"),
                     axis_types=(AxisType.Explicit,) * 2)


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


if __name__ == "__main__":
    with jax.set_mesh(mesh):
        model = DotReluDot(64, rngs=nnx.Rngs(0))
        optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
        x = jax.device_put(jnp.ones((8, 64)), P("data", None))
        y = jax.device_put(jnp.ones((8, 64)), P("data", None))
        out = train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
        print(type(out).__name__)
