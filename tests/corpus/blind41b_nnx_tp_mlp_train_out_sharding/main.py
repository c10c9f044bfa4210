"""Tensor-parallel MLP trained with nnx.Optimizer on an Explicit-axes mesh."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))


class DotReluDot(nnx.Module):
    def __init__(self, depth: int, rngs: nnx.Rngs):
        init_fn = nnx.initializers.lecun_normal()
        self.dot1 = nnx.Linear(
            depth, depth,
            kernel_init=nnx.with_partitioning(init_fn, (None, "model")),
            use_bias=False,
            rngs=rngs,
        )
        self.w2 = nnx.Param(
            init_fn(rngs.params(), (depth, depth)),
            sharding_names=("model", None),
        )

    def __call__(self, x: jax.Array):
        y = self.dot1(x)
        y = jax.nn.relu(y)
        z = jnp.dot(y, self.w2[...], out_sharding=P("data", None))
        return z


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        y_pred = model(x)
        return jnp.mean((y_pred - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


with jax.set_mesh(mesh):
    model = DotReluDot(1024, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    data = jax.device_put(jnp.ones((8, 1024)), P("data", None))
    label = jax.device_put(jnp.ones((8, 1024)), P("data", None))
    lowered = train_step.trace(model, optimizer, data, label).lower(lowering_platforms=("cuda",))
print("lowered", len(lowered.as_text()) > 0)
